/**
 * A home for each role (issue 30): every role signs in and lands on a first page that shows what
 * waits for *them* — counts linked to the filtered lists — and a navigation with only what the role
 * may do; in English and in Arabic (right to left), on a 1280 px screen and a 390 px phone, with no
 * sideways scrolling and nothing serious for axe. Each home is attached to the report as a screenshot.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import arabicHome from "../messages/ar/home.json" with { type: "json" };
import arabicNav from "../messages/ar/nav.json" with { type: "json" };
import englishHome from "../messages/en/home.json" with { type: "json" };
import englishNav from "../messages/en/nav.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createProviderAccount, E2E_DATABASE_URL, signIn } from "./support/accounts";

/** A platform user holding `roles`, made with the operators' tool (npm run user:create -- --roles). */
function platformUser(roles: string) {
  const email = `${roles.replaceAll("_", "-")}-${randomUUID().slice(0, 8)}@e2e.example`;
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/user-create.ts", "--email", email, "--roles", roles, "--name", roles],
    { env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, LOG_LEVEL: "warn" }, encoding: "utf8" },
  );
  return { email, password: output.trim().split("\n").at(-1)! };
}

type NavKey = keyof typeof englishNav;

interface Role {
  role: string;
  home: RegExp;
  /** Links of "Waiting for you" this role must see, and ones it must not. */
  waits: string[];
  waitsNot: string[];
  /** Navigation entries this role must see, and ones it must not. */
  nav: NavKey[];
  navNot: NavKey[];
  account: () => { email: string; password: string };
}

const ROLES: Role[] = [
  {
    role: "owner",
    home: /\/channels$/,
    waits: ["/channels?state=rejected", "/channels?state=pending", "/keys"],
    waitsNot: ["/admin/requests"],
    nav: ["channels", "apiKeys", "webhooks", "team"],
    navNot: ["requests", "approvals"],
    account: () => createProviderAccount(),
  },
  {
    role: "reviewer",
    home: /\/admin$/,
    waits: ["/admin/requests"],
    waitsNot: ["/admin/approvals", "/admin/users"],
    nav: ["requests"],
    navNot: ["approvals", "users"],
    account: () => platformUser("reviewer"),
  },
  {
    role: "program_manager",
    home: /\/admin$/,
    waits: ["/admin/programs"],
    waitsNot: ["/admin/approvals", "/admin/requests"],
    nav: ["programs"],
    navNot: ["approvals", "users"],
    account: () => platformUser("program_manager"),
  },
  {
    role: "finance_approver",
    home: /\/admin$/,
    waits: ["/admin/approvals"],
    waitsNot: ["/admin/requests", "/admin/users"],
    nav: ["approvals"],
    navNot: ["users", "mailbox", "eligibility"],
    account: () => platformUser("finance_approver"),
  },
  {
    role: "auditor",
    home: /\/admin$/,
    waits: ["/admin/audit?from="],
    waitsNot: ["/admin/requests", "/admin/approvals"],
    nav: ["auditTrail", "users"],
    navNot: ["approvals", "mailbox"],
    account: () => platformUser("auditor"),
  },
  {
    role: "administrator",
    home: /\/admin$/,
    waits: ["/admin/users"],
    waitsNot: ["/admin/approvals"],
    nav: ["users", "providers"],
    navNot: ["approvals"],
    account: () => platformUser("administrator"),
  },
];

const LANGUAGES = [
  { lang: "en", dir: "ltr", home: englishHome, nav: englishNav },
  { lang: "ar", dir: "rtl", home: arabicHome, nav: arabicNav },
] as const;

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function readIn(context: BrowserContext, baseURL: string, lang: string) {
  await context.addCookies([{ name: "locale", value: lang, url: baseURL }]);
}

/** A navigation link by its label, followed or not by its count ("Requests 3"). */
const navName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( .+)?$`);

/** The hrefs of the "Waiting for you" entries. */
const waitingLinks = (page: Page) =>
  page
    .locator("section[aria-labelledby='waiting-for-you'] a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));

for (const role of ROLES) {
  test(`the ${role.role}'s first page shows what waits for them, in English and Arabic, wide and narrow`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const account = role.account();
    for (const language of LANGUAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, account, role.home);
      await readIn(context, baseURL!, language.lang);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.reload();
        await expect(page.locator("html")).toHaveAttribute("dir", language.dir);
        await expect(page.getByRole("heading", { name: language.home.waiting.title })).toBeVisible();

        const links = await waitingLinks(page);
        for (const href of role.waits)
          expect(
            links.some((link) => link.startsWith(href)),
            href,
          ).toBe(true);
        for (const href of role.waitsNot) expect(links, href).not.toContain(href);

        // On a phone the navigation may fold away: what it holds is what the role may do, at any width.
        const navigation = page.getByRole("navigation").first();
        for (const key of role.nav)
          await expect(navigation.getByRole("link", { name: navName(language.nav[key]) })).toHaveCount(1);
        for (const key of role.navNot)
          await expect(navigation.getByRole("link", { name: navName(language.nav[key]) })).toHaveCount(0);

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page);
        // Kept under artifacts/role-homes/ as well, for the report a person reads.
        const name = `${role.role}-${language.lang}-${size.width}`;
        const path = `artifacts/role-homes/${name}.png`;
        await page.screenshot({ path, fullPage: true });
        await testInfo.attach(name, { path, contentType: "image/png" });
      }
      await context.close();
    }
  });
}
