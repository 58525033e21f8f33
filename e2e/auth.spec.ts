/**
 * Sign-in and the server-side guards: wrong passwords are refused, pages need a session, a provider
 * user cannot reach the admin console, and signing out ends the session.
 */
import { expect, test } from "@playwright/test";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

test("a provider user signs in, lands on the channels, and signs out", async ({ page }) => {
  const account = createProviderAccount();

  await page.goto("/channels");
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("The email or password is not correct.")).toBeVisible();

  await signIn(page, account);
  await expect(page.getByText(account.providerName)).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  await page.goto("/channels");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/channels");
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("the sign-in form says what is missing before it asks the server", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your email address")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeVisible();
});

test("an administrator lands on the admin console", async ({ page }) => {
  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin console" })).toBeVisible();
  await page.goto("/channels");
  await expect(page).toHaveURL(/\/admin$/);
});
