/**
 * User management in Chromium: an administrator invites a reviewer on /admin/users, the invitee
 * opens the link in a fresh browser (no session), sets a password and lands in the console; an
 * owner invites an editor on /team. Axe on the new pages, a phone-sized /team.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

const PASSWORD = "invited and careful";

async function invite(page: Page, email: string, role: string): Promise<string> {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: new RegExp(`^${role}`) }).check();
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const link = page.getByTestId("invitation-link");
  await expect(link).toBeVisible();
  return (await link.textContent()) ?? "";
}

/** Opens the link in a new browser context (the invitee's), accepts, and answers that page. */
async function accept(browser: Browser, link: string, name: string): Promise<Page> {
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(
    invitee.getByRole("heading", { name: "Welcome to the Delivery Channel Portal" }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(invitee);
  await invitee.getByLabel("Your name").fill(name);
  await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await invitee.getByLabel("Repeat the password").fill(PASSWORD);
  await invitee.getByRole("button", { name: "Create my account" }).click();
  return invitee;
}

test("an administrator invites a reviewer, who sets a password and lands in the console", async ({
  page,
  browser,
}) => {
  await signIn(page, createAdminAccount(), /\/admin/);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expectNoSeriousA11yViolations(page);
  const email = `reviewer-${Date.now()}@e2e.example`;
  const link = await invite(page, email, "Reviewer");
  await expect(page.getByText(email).first()).toBeVisible();

  const invitee = await accept(browser, link, "Rita Reviewer");
  await expect(invitee).toHaveURL(/\/admin$/);
  await expect(invitee.getByText("Rita Reviewer").first()).toBeVisible();
  // The link worked once.
  await invitee.goto(link);
  await expect(invitee.getByText("This invitation was already used")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Reviewer");
});

test("an owner invites an editor on /team, at phone width", async ({ page, browser }) => {
  const owner = createProviderAccount();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner);
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  const email = `editor-${Date.now()}@e2e.example`;
  const link = await invite(page, email, "Editor");
  const invitee = await accept(browser, link, "Eddie Editor");
  await expect(invitee).toHaveURL(/\/channels$/);
  await invitee.goto("/team");
  await expect(invitee.getByRole("row").filter({ hasText: "Eddie Editor" })).toContainText("Editor");
  await expect(invitee.getByRole("button", { name: "Invite", exact: true })).toHaveCount(0);
});

test("an administrator invites an organisation's owner from its console page", async ({ page, browser }) => {
  const organisation = createProviderAccount();
  await signIn(page, createAdminAccount(), /\/admin/);
  await page.goto(`/admin/providers/${organisation.providerId}`);
  const email = `owner-${Date.now()}@e2e.example`;
  await page.getByLabel("Owner's email").fill(email);
  await page.getByRole("button", { name: "Invite owner" }).click();
  const link = (await page.getByTestId("invitation-link").textContent()) ?? "";
  await expectNoSeriousA11yViolations(page);
  const invitee = await accept(browser, link, "Olga Owner");
  await expect(invitee).toHaveURL(/\/channels$/);
  await invitee.goto("/team");
  await expect(invitee.getByRole("row").filter({ hasText: "Olga Owner" })).toContainText("Owner");
});
