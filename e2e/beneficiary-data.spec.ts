/**
 * Beneficiaries' data in Chromium (issue 36): on a delivery request's page an id and a phone show masked until
 * the administrator says why, then in clear with a notice, and the audit trail lists the read; an
 * erasure asked for by one administrator waits for another, who approves it in a confirmation; the
 * request's page then shows the delivery under its tombstone with its values erased.
 */
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, E2E_DATABASE_URL, signIn } from "./support/accounts";

test("values show masked, in clear for a purpose, and an erasure takes two administrators", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const output = execFileSync(process.execPath, ["--import", "tsx", "e2e/support/world.ts", baseURL!], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const world = JSON.parse(output.trim().split("\n").at(-1)!);
  const requestPage = `/admin/programs/${world.programId}/requests/${world.deliveryRequestId}`;

  await signIn(page, world.admin, /\/admin$/);
  await page.goto(requestPage);
  // The id identifies a person: masked with the values until the administrator says why.
  const masked = page.getByRole("row", { name: /bene•+ry-1/ });
  await expect(masked).toContainText("phone: +380•••••4567");
  await expect(page.getByText("+380501234567")).toHaveCount(0);
  await expect(page.getByText("beneficiary-1")).toHaveCount(0);
  await page.getByLabel("Why you need them").selectOption("payment_query");
  await page.getByRole("button", { name: "Show values" }).click();
  await expect(page.getByRole("status").filter({ hasText: "in clear" })).toContainText(
    "Ids and values in clear, for: A payment query. This view is recorded in the audit trail.",
  );
  const row = page.getByRole("row", { name: /beneficiary-1/ });
  await expect(row).toContainText("phone: +380501234567");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/admin/audit");
  await expect(page.getByRole("cell", { name: "Beneficiaries' values seen in clear" }).first()).toBeVisible();

  await page.goto("/admin/beneficiaries");
  await page.getByLabel("Beneficiary id").fill("beneficiary-1");
  await page.getByLabel("Reference", { exact: true }).fill("DSR-E2E-1");
  await page.getByRole("button", { name: "Ask for the erasure" }).click();
  await expect(page.getByText("You asked: another administrator decides.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Approve the erasure/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const other = await (await browser.newContext()).newPage();
  await signIn(other, createAdminAccount(), /\/admin$/);
  await other.getByRole("link", { name: "Beneficiaries' data" }).click();
  await other.getByRole("button", { name: "Approve the erasure of beneficiary-1" }).click();
  const dialog = other.getByRole("dialog", { name: "Erase beneficiary beneficiary-1?" });
  await expect(dialog).toContainText("This cannot be undone.");
  await dialog.getByRole("button", { name: "Erase", exact: true }).click();
  // Every world of the run names beneficiary-1: the erasure takes them all, across programs.
  await expect(other.getByText(/^\d+ deliver(y|ies) erased$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(other);

  await page.goto(requestPage);
  await expect(page.getByText("beneficiary-1")).toHaveCount(0);
  await expect(page.getByRole("row", { name: /erased-/ })).toContainText("erased");
});
