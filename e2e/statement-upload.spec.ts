/**
 * Uploading a provider's statement in Chromium (issue 32, item 3), as a finance approver would: from
 * the statement page to the upload, the provider's columns picked from its own file's header, the
 * result with each class and the breaks, the break report downloaded; then in Arabic, a second file
 * whose amount differs, its break settled by a write-off that a second finance approver finds in
 * their approvals queue and approves (issue 32, item 5), a file that cannot be read, its problems in Arabic, and a file for a past day
 * whose period closes once its break is settled (item 6).
 */
import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { isolated } from "../lib/format";
import arabicReview from "../messages/ar/review.json" with { type: "json" };
import arabicStatement from "../messages/ar/statement.json" with { type: "json" };
import arabicValidation from "../messages/ar/validation.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { E2E_DATABASE_URL, signIn } from "./support/accounts";

interface World {
  admin: { email: string; password: string };
  financeSecond: { email: string; password: string };
  providerId: string;
  deliveryIds: string[];
}

let world: World;

test.beforeAll(({ baseURL }) => {
  const output = execFileSync(process.execPath, ["--import", "tsx", "e2e/support/world.ts", baseURL!], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  world = JSON.parse(output.trim().split("\n").at(-1)!);
});

/** Chooses the statement's file on the upload form, as a file picked from disk. */
async function chooseFile(page: Page, name: string, lines: string[]) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\n")),
  });
}

test("a finance approver uploads a provider's statement, reads its breaks, settles one with a second approver and closes a period, in English and in Arabic", async ({
  page,
  browser,
  baseURL,
}) => {
  // Three uploads, two approvers, a close and four axe runs: 26 s here, past 2 minutes on CI's
  // loaded two cores (a rehearsal), so it gets four.
  test.setTimeout(240_000);
  const [delivery] = world.deliveryIds;
  await signIn(page, world.admin, /\/admin$/);
  await page.goto(`/admin/statement?provider=${world.providerId}`);
  await page.getByRole("link", { name: "Upload the provider's statement" }).click();
  // The statement page has a provider filter of its own: choose on the upload page once it is there
  // (on CI's loaded cores a rehearsal filtered the statement page instead).
  await expect(page.getByRole("heading", { name: "Upload a provider's statement" })).toBeVisible();
  await page.getByLabel("Provider").selectOption(world.providerId);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/statement/uploads\\?.*provider=${world.providerId}`));
  // The provider's own file: its columns, its label for paid.
  await chooseFile(page, "provider-march.csv", [
    "Ref;Montant;Devise;Etat",
    `${delivery};25.50;EUR;PAYE`,
    `${delivery};25.50;EUR;PAYE`,
    "0193a1c2-7e1f-7000-8000-00000000dead;10.00;EUR;PAYE",
  ]);
  await page.getByLabel("Our delivery id").selectOption("Ref");
  await page.getByLabel("The provider's reference").selectOption("");
  await page.getByLabel("Amount", { exact: true }).selectOption("Montant");
  await page.getByLabel("Currency or unit").selectOption("Devise");
  await page.getByLabel("Status", { exact: true }).selectOption("Etat");
  await page.getByLabel("The provider's labels meaning delivered").fill("PAYE");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Upload and match" }).click();

  await expect(page.getByRole("heading", { name: "Statement upload" })).toBeVisible();
  await expect(
    page.getByText("1 outcome the provider had not reported through Sync was applied."),
  ).toBeVisible();
  const summary = page.getByRole("table", { name: "What the file holds, per class" });
  await expect(summary.getByRole("row", { name: /Matched EUR 1 25\.50/ })).toBeVisible();
  await expect(summary.getByRole("row", { name: /Duplicate line EUR 1/ })).toBeVisible();
  await expect(summary.getByRole("row", { name: /Unknown delivery EUR 1 10\.00/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the break report" }).click();
  const report = await (await download).path();
  expect(report).toBeTruthy();

  // The mapping is remembered: the next file of this provider is read the same way, now in Arabic.
  await page.context().addCookies([{ name: "locale", value: "ar", url: baseURL! }]);
  await page.goto(`/admin/statement/uploads?provider=${world.providerId}`);
  const upload = arabicStatement.upload;
  await expect(page.getByRole("heading", { name: upload.title })).toBeVisible();
  await chooseFile(page, "provider-april.csv", ["Ref;Montant;Devise;Etat", `${delivery};25.00;EUR;PAYE`]);
  await expect(page.getByLabel(upload.fields.amount)).toHaveValue("Montant");
  await expect(page.getByLabel(upload.labels.delivered)).toHaveValue("PAYE");
  await page.getByRole("button", { name: upload.submit }).click();
  // Exact: the result's title is the start of the form's own ("رفع كشف" and "رفع كشف مقدّم خدمة").
  await expect(page.getByRole("heading", { name: upload.resultTitle, exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("cell", { name: upload.classes.AMOUNT_MISMATCH }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("statement-upload-ar.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Settling the break (issue 32, item 5): the uploader proposes a write-off, a second approver approves it.
  const settle = arabicStatement.break;
  await page.getByRole("link", { name: settle.short.open }).first().click();
  await expect(page.getByRole("heading", { name: settle.title })).toBeVisible();
  await page.getByLabel(settle.reason).fill("دفع المزوّد 25.00 فقط؛ سجلاتنا تبقى كما هي");
  await page.getByRole("button", { name: settle.propose }).click();
  await expect(page.getByText(settle.proposed)).toBeVisible();
  // Its proposer cannot approve it.
  await expect(page.getByRole("button", { name: settle.approve })).toHaveCount(0);
  const breakPage = page.url();
  const context = await browser.newContext({ baseURL });
  const second = await context.newPage();
  await signIn(second, world.financeSecond, /\/admin$/);
  await context.addCookies([{ name: "locale", value: "ar", url: baseURL! }]);
  // The second approver finds it in their queue, beside the payments, and decides it on its page.
  await second.goto("/admin/approvals");
  const queued = second.getByRole("listitem").filter({ hasText: delivery });
  await expect(queued).toContainText(settle.kinds.WRITE_OFF);
  await second.screenshot({ path: test.info().outputPath("approvals-adjustment-ar.png"), fullPage: true });
  await queued.getByRole("link", { name: arabicReview.approvals.decideOnBreak }).click();
  await expect(second).toHaveURL(breakPage);
  await second.getByRole("button", { name: settle.approve }).click();
  const confirm = second.getByRole("dialog", { name: settle.confirmTitle });
  await expect(confirm).toContainText(settle.kindHints.WRITE_OFF);
  await expectNoSeriousA11yViolations(second);
  await confirm.getByRole("button", { name: settle.approve }).click();
  await expect(second.getByText(settle.approvedDone)).toBeVisible();
  await expect(second.getByText(settle.states.APPLIED, { exact: true })).toBeVisible();
  await expect(second.getByText(settle.settled.split("{when}")[0]!.trim())).toBeVisible();
  await second.screenshot({ path: test.info().outputPath("statement-break-settled-ar.png"), fullPage: true });

  // A file that cannot be read: refused line by line, in the reader's language.
  await page.goto(`/admin/statement/uploads?provider=${world.providerId}`);
  await chooseFile(page, "broken.csv", ["Ref;Montant;Devise;Etat", `${delivery};12,5;EUR;PAYE`]);
  await page.getByRole("button", { name: upload.submit }).click();
  const refused = page.getByRole("alert").filter({ hasText: upload.refused });
  // The file's own text is isolated inside the sentence, as every value the reader's language quotes.
  await expect(refused).toContainText(`«${isolated("12,5")}» ليس مبلغًا`);

  // Closing the period of an upload (issue 32, item 6): a file for a day that has ended, far back
  // (a day of its own), naming a delivery we never sent; the close waits for its break.
  const day = new Date(Date.UTC(2019, 0, 1) + Math.floor(Math.random() * 1500) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await page.goto(`/admin/statement/uploads?provider=${world.providerId}&from=${day}&to=${day}`);
  const unknown = `0193a1c2-7e1f-7000-8000-${Date.now().toString(16).padStart(12, "0").slice(-12)}`;
  await chooseFile(page, "provider-past.csv", ["Ref;Montant;Devise;Etat", `${unknown};5.00;EUR;PAYE`]);
  await page.getByRole("button", { name: upload.submit }).click();
  // Exact: the result's title is the start of the form's own ("رفع كشف" and "رفع كشف مقدّم خدمة").
  await expect(page.getByRole("heading", { name: upload.resultTitle, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/statement\/uploads\/[0-9a-f-]+$/);
  const pastUpload = page.url();
  const statementOfDay = `/admin/statement?provider=${world.providerId}&from=${day}&to=${day}`;
  const close = arabicStatement.close;
  const closeIt = async () => {
    await page.goto(statementOfDay);
    await page.getByRole("button", { name: close.button }).click();
    const dialog = page.getByRole("dialog", { name: close.confirmTitle });
    await expect(dialog).toContainText(close.confirmBody);
    await dialog.getByRole("button", { name: close.button }).click();
  };
  await closeIt();
  await expect(
    page.getByText(arabicValidation.periodHasOpenBreaks.replace("{count}", isolated("1"))),
  ).toBeVisible();
  await page.goto(pastUpload);
  await page.getByRole("link", { name: settle.short.open }).first().click();
  await page.getByLabel(settle.reason).fill("ليس من تسليماتنا");
  await page.getByRole("button", { name: settle.propose }).click();
  await expect(page.getByText(settle.proposed)).toBeVisible();
  await second.goto(page.url());
  await second.getByRole("button", { name: settle.approve }).click();
  await second
    .getByRole("dialog", { name: settle.confirmTitle })
    .getByRole("button", { name: settle.approve })
    .click();
  await expect(second.getByText(settle.approvedDone)).toBeVisible();
  await context.close();
  await closeIt();
  await expect(page.getByText(close.tiesOut)).toBeVisible();
  await expect(page.getByText(close.noExceptions)).toBeVisible();
  await expect(page.getByRole("button", { name: close.button })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("statement-period-closed-ar.png"), fullPage: true });
});
