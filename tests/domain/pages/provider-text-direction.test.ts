/**
 * Text a provider wrote keeps its place on the page (review finding, issue 13): an unclosed
 * right-to-left override (U+202E) in a contact's name reversed the e-mail address and phone number
 * after it ("ops@example.org" shown as "gro.elpmaxe@spo"), and an Arabic page reversed phone numbers
 * and web addresses. Each provider text now sits in its own <bdi> (isolated, direction from its own
 * first letter); addresses, numbers and patterns in a <bdi dir="ltr">. The browser's bidi algorithm
 * does the rest; e2e/arabic.spec.ts renders such a channel at 390 px.
 */
import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { db } from "@/lib/db";
import { requestChannelCreate } from "@/lib/domain/channels";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { signedIn } from "../../support/http/portal-session";
import { approvedChannel, delivery, programWith, sendThrough } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor } from "../../support/users/actors";

openTestDb();

const RLO = "\u202e";
const PDI = "\u2069";

/** No override or embedding in the markup, and every isolate it opens (FSI, LRI, RLI) closed. */
function expectNoStrayControls(markup: string, where: string) {
  expect(markup, where).not.toMatch(/[\u202a-\u202e]/);
  let open = 0;
  for (const character of markup.match(/[\u2066-\u2069]/g) ?? []) {
    open += character === PDI ? -1 : 1;
    expect(open, `${where}: a closing isolate with none open`).toBeGreaterThanOrEqual(0);
  }
  expect(open, `${where}: isolates left open`).toBe(0);
}

/** The element each occurrence of `text` sits in directly: its opening tag. */
function enclosingTags(markup: string, text: string): string[] {
  const tags: string[] = [];
  for (let at = markup.indexOf(text); at >= 0; at = markup.indexOf(text, at + 1)) {
    const open = markup.lastIndexOf("<", at);
    tags.push(markup.slice(open, markup.indexOf(">", open) + 1));
  }
  return tags;
}

it("isolates a provider's text, and shows addresses and numbers left to right, on both channel pages", async () => {
  const providerId = inject("providerB").id;
  const id = `direction-${randomUUID()}`;
  await requestChannelCreate(providerActor(providerId), {
    ...minimalChannelBody(id),
    name: { language: "EN", translation: `${RLO}Reversed kiosk` },
    contacts: [{ name: `${RLO}Ops desk`, email: "ops@example.org", phone: "+359 2 000 000" }],
    callCenter: { phone: "+44 20 7946 0000", website: "https://example.org/cash/" },
  } as ChannelBody);
  const channel = await db().channel.findFirstOrThrow({ where: { providerDeliveryChannelId: id } });
  const provider = await signedIn("provider", providerId);
  const admin = await signedIn("admin");

  for (const [session, path] of [
    [provider, `/channels/${id}`],
    [admin, `/admin/channels/${channel.id}`],
  ] as const) {
    const page = (await session.get(path)).body;
    // The heading, the name in the content and the contact's name: each in an isolate of its own,
    // without the override (a stray one reorders text even past the isolate's end).
    const isolatedTexts = [...enclosingTags(page, "Reversed kiosk"), ...enclosingTags(page, "Ops desk")];
    expect(isolatedTexts.length, path).toBeGreaterThanOrEqual(3);
    for (const tag of isolatedTexts) expect(tag, path).toMatch(/^<bdi[ >]/);
    expectNoStrayControls(page, path);
    for (const leftToRight of [
      "ops@example.org",
      "+359 2 000 000",
      "+44 20 7946 0000",
      "https://example.org/cash/",
    ])
      expect(enclosingTags(page, leftToRight), `${path}: ${leftToRight}`).toEqual(
        expect.arrayContaining([expect.stringMatching(/^<bdi dir="ltr"/)]),
      );
  }
});

it("the console's pages that name an approved channel drop a stray isolate end and override from it", async () => {
  const hostile = `Cash${PDI}${RLO} pickup ${randomUUID()}`;
  const channel = await approvedChannel(undefined, hostile);
  const programId = await programWith(1000, [channel.channelId]);
  const sent = await sendThrough({ programId, channelId: channel.channelId }, "Winter", [delivery(5)]);
  const admin = await signedIn(["administrator", "program_manager"]);
  const shownName = hostile.replace(PDI, "").replace(RLO, "");
  // A translation someone typed with an override of its own, listed on the channel's page.
  await saveHumanTranslation(ADMIN, {
    channelId: channel.channelId,
    field: "shortDescription",
    language: "FR",
    text: `${RLO}Retrait au guichet`,
  });
  for (const path of [
    `/admin/channels/${channel.channelId}`,
    `/admin/programs/${programId}`,
    `/admin/programs/${programId}/requests/${sent.deliveryRequestId}`,
    `/admin/providers/${channel.providerId}`,
  ]) {
    const page = (await admin.get(path)).body;
    expect(page, path).toContain(shownName);
    expectNoStrayControls(page, path);
  }
  // A select's option cannot hold a <bdi>: the name is isolated in the text itself.
  const program = (await admin.get(`/admin/programs/${programId}`)).body;
  expect(program).toContain(`>\u2068${shownName}${PDI} (\u2068`);
});
