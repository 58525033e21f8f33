/**
 * Which guide, and which heading of it, each page of the portals links to in its header ("Guide: …",
 * components/help-link.tsx). One table, so a renamed heading is fixed here once; a test checks that
 * every entry names a guide the docs index lists and a heading that guide has
 * (tests/unit/docs/help-links.test.ts).
 */
import { headingAnchor } from "../guides/anchors";
import { findGuide } from "../guides/catalog";
import { log } from "../log";

export interface GuideTarget {
  /** The guide's file in docs/, without `.md`. */
  guide: string;
  /** One of its headings, exactly as written. */
  heading: string;
}

const DECIDING = { guide: "approvals-and-translations", heading: "How a channel request is decided" };
const CHANNEL_FIELDS = {
  guide: "api",
  heading: "Channel semantics (where the contract is silent, what we decided)",
};
const MAIL = { guide: "mail", heading: "Notifications by email" };
const BENEFICIARY_DATA = { guide: "data-protection", heading: "Beneficiary data" };
const STATEMENTS = { guide: "reconciliation", heading: "Statements" };
const ENDPOINT_HEALTH = { guide: "webhooks", heading: "Endpoint health" };

export const PAGE_GUIDES = {
  // The provider portal.
  "provider.channels": DECIDING,
  "provider.channelNew": CHANNEL_FIELDS,
  "provider.channel": { guide: "approvals-and-translations", heading: "Withdrawing and retiring a channel" },
  "provider.channelEdit": CHANNEL_FIELDS,
  "provider.keys": { guide: "keys", heading: "API keys" },
  "provider.key": { guide: "keys", heading: "A key's last requests" },
  "provider.webhooks": { guide: "webhooks", heading: "Webhooks" },
  "provider.webhookDeliveries": ENDPOINT_HEALTH,
  "provider.webhookEvents": { guide: "webhooks", heading: "Event catalog" },
  "provider.team": { guide: "users-and-roles", heading: "Inviting" },
  "provider.inbox": MAIL,
  "provider.notifications": MAIL,
  "provider.statement": STATEMENTS,
  "provider.testMode": { guide: "sandbox", heading: "Test mode (sandbox)" },
  // The admin console.
  "console.home": { guide: "portals", heading: "The portals" },
  "console.requests": DECIDING,
  "console.request": DECIDING,
  "console.channels": { guide: "portals", heading: "Searching and sorting the lists" },
  "console.channel": { guide: "approvals-and-translations", heading: "Translations" },
  "console.programs": { guide: "money", heading: "Programs, budgets and delivery requests" },
  "console.program": BENEFICIARY_DATA,
  "console.deliveryRequest": BENEFICIARY_DATA,
  "console.approvals": { guide: "money", heading: "Approval policies for money" },
  "console.eligibility": { guide: "money", heading: "Programs, budgets and delivery requests" },
  "console.deliveries": ENDPOINT_HEALTH,
  "console.statement": STATEMENTS,
  "console.statementUpload": { guide: "reconciliation", heading: "Uploading a provider's statement" },
  "console.statementBreak": { guide: "reconciliation", heading: "Settling breaks" },
  "console.overdue": { guide: "reconciliation", heading: "Overdue outcomes" },
  "console.audit": { guide: "audit", heading: "Reading and exporting the trail" },
  "console.users": { guide: "users-and-roles", heading: "Users and roles" },
  "console.providers": { guide: "api", heading: "Onboarding a provider without the portal" },
  "console.provider": { guide: "users-and-roles", heading: "Inviting" },
  "console.tokens": { guide: "platform-api", heading: "Platform API" },
  "console.beneficiaries": { guide: "data-protection", heading: "Erasing a beneficiary" },
  "console.mailbox": MAIL,
  "console.inbox": MAIL,
  "console.notifications": MAIL,
} as const satisfies Record<string, GuideTarget>;

export type GuidedPage = keyof typeof PAGE_GUIDES;

/** The link of a page's guide: its address with the heading's anchor, and the guide's title. */
export function guideLink(page: GuidedPage): { href: string; title: string } | null {
  const target: GuideTarget = PAGE_GUIDES[page];
  let guide: ReturnType<typeof findGuide>;
  try {
    guide = findGuide(target.guide);
  } catch (error) {
    // A server without docs/ still serves its pages, without their guide links.
    log.warn({ err: error }, "the guides could not be read");
    return null;
  }
  if (!guide) return null;
  return { href: `/guides/${guide.slug}#${headingAnchor(target.heading)}`, title: guide.title };
}
