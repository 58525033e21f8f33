/**
 * The portal in Arabic (issue 13): every page of both portals, the sign-in pages and the landing
 * page render right to left (`dir="rtl"`, `lang="ar"`), with their headings in Arabic, no sideways
 * scrolling on a 390 px phone, and nothing serious or critical for axe. The channel form and the
 * approval page are attached to the report as screenshots. The switcher keeps a visitor's choice in
 * the browser and a user's on their profile, so it follows them to another browser. A form's
 * validation messages (the contract's English) reach the reader in their language.
 */
import { execFileSync } from "node:child_process";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { formatterFor } from "../lib/format";
import arabicChannelForm from "../messages/ar/channelForm.json" with { type: "json" };
import arabicLookups from "../messages/ar/lookups.json" with { type: "json" };
import arabicPrograms from "../messages/ar/programs.json" with { type: "json" };
import arabicValidation from "../messages/ar/validation.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { E2E_DATABASE_URL, signIn } from "./support/accounts";

interface World {
  admin: { email: string; password: string };
  owner: { email: string; password: string };
  providerId: string;
  approved: { providerDeliveryChannelId: string; channelId: string; requestId: string };
  pending: { providerDeliveryChannelId: string; channelId: string; requestId: string };
  programId: string;
  deliveryRequestId: string;
}

let world: World;

test.beforeAll(({ baseURL }) => {
  const output = execFileSync(process.execPath, ["--import", "tsx", "e2e/support/world.ts", baseURL!], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  world = JSON.parse(output.trim().split("\n").at(-1)!);
});

const ARABIC = /[\u0600-\u06ff]/;

async function readArabic(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "locale", value: "ar", url: baseURL }]);
}

/** The page is Arabic, right to left, fits a phone and passes axe. */
async function expectArabicPage(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // The heading may be a channel's own name: the page around it is what must be Arabic.
  await expect(page.locator("main").first()).toContainText(ARABIC);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

const providerPages = (w: World) => [
  "/channels",
  "/channels/new",
  `/channels/${w.approved.providerDeliveryChannelId}`,
  `/channels/${w.approved.providerDeliveryChannelId}/edit`,
  "/keys",
  "/webhooks",
  "/webhooks/deliveries",
  "/webhooks/events",
  "/team",
  "/statement",
  "/inbox",
  "/notifications",
];

const consolePages = (w: World) => [
  "/admin",
  "/admin/approvals",
  "/admin/requests",
  `/admin/requests/${w.pending.requestId}`,
  "/admin/channels",
  `/admin/channels/${w.approved.channelId}`,
  "/admin/providers",
  `/admin/providers/${w.providerId}`,
  "/admin/eligibility",
  "/admin/deliveries",
  "/admin/programs",
  `/admin/programs/${w.programId}`,
  `/admin/programs/${w.programId}/requests/${w.deliveryRequestId}`,
  `/admin/programs/${w.programId}/requests/${w.deliveryRequestId}?purpose=payment_query`,
  "/admin/beneficiaries",
  "/admin/users",
  "/admin/tokens",
  "/admin/audit",
  `/admin/statement?provider=${w.providerId}`,
  `/admin/statement/uploads?provider=${w.providerId}`,
  "/admin/statement/overdue",
  "/admin/mailbox",
  "/admin/inbox",
  "/admin/notifications",
];

test.use({ viewport: { width: 390, height: 844 } });

test("the pages outside the portals are Arabic, right to left", async ({ page, context, baseURL }) => {
  await readArabic(context, baseURL!);
  for (const path of [
    "/",
    "/sign-in",
    "/forgot-password",
    "/reset-password?token=unknown",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await expectArabicPage(page);
  }
});

for (const [portal, pages, landing] of [
  ["provider portal", providerPages, /\/channels$/],
  ["console", consolePages, /\/admin$/],
] as const) {
  test(`every page of the ${portal} is Arabic, right to left, fits a phone and passes axe`, async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, portal === "console" ? world.admin : world.owner, landing);
    await readArabic(context, baseURL!);
    for (const path of pages(world)) {
      await test.step(path, async () => {
        await page.goto(path);
        await expectArabicPage(page);
        // A channel's name in the viewer's language, where translated (the world's Arabic name).
        // Other specs' worlds run beside this one and carry the same name: this world's own link.
        if (path === "/channels" || path === "/admin/channels") {
          const own =
            path === "/channels" ? world.approved.providerDeliveryChannelId : world.approved.channelId;
          await expect(page.locator(`main a[href="${path}/${encodeURIComponent(own)}"]`).first()).toHaveText(
            "النقد في السوق",
          );
        }
        if (path === "/channels/new" || path.startsWith("/admin/requests/")) {
          const name = path === "/channels/new" ? "channel-form-ar" : "approval-page-ar";
          const body = await page.screenshot({ fullPage: true });
          await testInfo.attach(`${name}.png`, { body, contentType: "image/png" });
        }
      });
    }
  });
}

test("the switcher keeps a visitor's language in the browser and a user's on their profile", async ({
  page,
  browser,
}) => {
  await page.goto("/sign-in");
  await page.getByLabel("Portal language").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");

  // Signed in, the choice goes on the profile too: another browser, without the cookie, gets it.
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const elsewhere = await other.newPage();
  await signIn(elsewhere, world.owner);
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "en");
  await elsewhere.getByLabel("Portal language").selectOption("fr");
  await expect(elsewhere.locator("html")).toHaveAttribute("lang", "fr");
  await expect(elsewhere.locator("h1").first()).toHaveText("Canaux de distribution");
  await other.close();

  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await signIn(again, world.owner);
  await expect(again.locator("html")).toHaveAttribute("lang", "fr");
  await fresh.close();
});

test("a form's errors are in the reader's language, at the field and in the summary", async ({ page }) => {
  await signIn(page, world.owner, /\/channels$/);
  await page.goto("/channels/new");
  // Through the switcher: the owner's profile may hold another language (the test above sets one),
  // in which the switcher has another name.
  await page.locator("header select").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // zod's own message (text where a number goes) is the browser's zod's, in the reader's language.
  const amount = page.getByLabel(arabicChannelForm.budget.amount, { exact: true });
  await amount.fill("abc");
  await page.locator("form button[type=submit]").last().click();
  await expect(amount).toHaveAccessibleDescription(ARABIC);
  await expect(page.getByText(/Invalid input/)).toHaveCount(0);
  const required = arabicValidation.requiredNameBeneficiariesSee;
  // The name's own error, tied to its field, and the same problem in the summary above the button.
  await expect(page.locator("p[role=alert]", { hasText: required }).first()).toBeVisible();
  const summary = page.locator("div[role=alert]", { hasText: required });
  await expect(summary).toBeVisible();
  // Each problem named by its field's label in the form, not by its path in the contract.
  await expect(summary).toContainText(`${arabicChannelForm.budget.amount}:`);
  await expect(summary).not.toContainText("budget.amount");
  await expect(page.getByText("Required: the name beneficiaries see")).toHaveCount(0);
  // The lookups' own names in the reader's language: a category as a choice.
  await page
    .getByRole("combobox", { name: arabicChannelForm.availability.fields.categoriesSupported })
    .click();
  await expect(
    page.getByRole("option", { name: arabicLookups.DeliveryChannelCategory.VOUCHERS }),
  ).toBeVisible();
});

test("the confirmation before a send names its budgets and amounts in the reader's language", async ({
  page,
}) => {
  const send = arabicPrograms.send;
  await signIn(page, world.admin, /\/admin$/);
  await page.goto(`/admin/programs/${world.programId}`);
  await page.locator("header select").selectOption("ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await page.getByLabel(send.sourceRows).check();
  await page.getByLabel(send.description, { exact: true }).fill("Second round");
  await page.getByLabel(arabicPrograms.rows.beneficiary).fill("beneficiary-2");
  await page.getByLabel(arabicPrograms.rows.amount).fill("12.5");
  // The world's channel asks for a phone (its provider's label, not translated).
  await page.getByLabel("Phone", { exact: true }).fill("+380501234500");
  await page.getByRole("button", { name: send.submit }).click();
  const dialog = page.getByRole("dialog", { name: arabicPrograms.confirm.title });
  // Written by the server action in the reader's language: the budget's name and Intl's amounts.
  await expect(dialog).toContainText(arabicPrograms.detail.virtualBudget);
  await expect(dialog).toContainText(formatterFor("ar").amount(1250n, "EUR"));
  await expect(dialog).not.toContainText("Program Virtual Budget");
});

test.describe("at 1280 px (issue 30, finding 10)", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("budget figures neither overlap nor clip, and a chart's amounts stay beside its axis", async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, world.admin, /\/admin$/);
    await readArabic(context, baseURL!);
    await page.goto(`/admin/programs/${world.programId}`);
    await expectFiguresApart(page);
    const labels = page.locator(".recharts-yAxis-tick-labels text");
    await expect(labels.first()).toBeVisible();
    const axis = await page
      .locator(".recharts-yAxis line.recharts-cartesian-axis-line")
      .first()
      .boundingBox();
    for (const label of await labels.all()) {
      const box = (await label.boundingBox())!;
      expect(box.x + box.width, "a y-axis label crosses its axis").toBeLessThanOrEqual(axis!.x + 1);
    }
  });
});

/** Every budget figure shows whole, none over another. */
async function expectFiguresApart(page: Page) {
  const figures = page.locator('[data-testid^="budget-"]');
  await expect(figures.first()).toBeVisible();
  const boxes = [];
  for (const figure of await figures.all()) {
    const clipped = await figure.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(clipped, `${await figure.textContent()} is cut`).toBe(false);
    boxes.push((await figure.boundingBox())!);
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1)) {
      const apart =
        a.x + a.width <= b.x + 1 ||
        b.x + b.width <= a.x + 1 ||
        a.y + a.height <= b.y + 1 ||
        b.y + b.height <= a.y + 1;
      expect(apart, "two budget figures overlap").toBe(true);
    }
}
