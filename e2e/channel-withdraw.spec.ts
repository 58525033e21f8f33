/**
 * Issue 30, finding 9 in Chromium: a provider withdraws its channel's pending create from the
 * channel's page. The dialog says what will happen; afterwards the page reads "Request withdrawn",
 * the history shows the request withdrawn, the button is gone, and the console's queue no longer
 * lists it. A retired channel (the second test) offers no change any more.
 */
import { expect, test } from "@playwright/test";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";
import { createThroughApi, viewThroughApi } from "./support/provider-api";

test("a provider withdraws a pending create from the channel's page", async ({ page, request, browser }) => {
  const provider = createProviderAccount();
  const id = `withdraw-${Date.now()}`;
  await createThroughApi(request, provider, {
    providerDeliveryChannelId: id,
    name: { language: "EN", translation: "Ferry kiosk" },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
  });

  await signIn(page, provider);
  await page.goto(`/channels/${id}`);
  await expect(page.getByText("Awaiting approval", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Withdraw request" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Withdraw your pending request?");
  await expect(dialog).toContainText("the channel stays unapproved");
  await dialog.getByRole("button", { name: "Withdraw request" }).click();

  await expect(page.getByText("Request withdrawn.")).toBeVisible();
  await expect(page.getByText("Request withdrawn", { exact: true })).toBeVisible();
  await expect(page.getByText("You withdrew your request")).toBeVisible();
  await expect(page.getByText("withdrawn", { exact: true })).toBeVisible();
  await expect(page.getByText("Awaiting approval", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Withdraw request" })).toHaveCount(0);
  expect(await viewThroughApi(request, provider, id)).toMatchObject({
    isApproved: false,
    status: "REQUESTED",
  });

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, createAdminAccount(), /\/admin$/);
  await admin.goto(`/admin/requests?providerId=${provider.providerId}`);
  await expect(admin.getByRole("link", { name: "Delivery Channel Create: Ferry kiosk" })).toHaveCount(0);
});

test("a provider retires a channel from its page, after a dialog that says it is final", async ({
  page,
  request,
}) => {
  const provider = createProviderAccount();
  const id = `retire-${Date.now()}`;
  await createThroughApi(request, provider, {
    providerDeliveryChannelId: id,
    name: { language: "EN", translation: "Pier kiosk" },
    landingPage: "www.example.org",
    availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
  });

  await signIn(page, provider);
  await page.goto(`/channels/${id}`);
  await page.getByRole("button", { name: "Retire channel" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Retire this channel for good?");
  await expect(dialog).toContainText("This cannot be undone.");
  await expect(dialog).toContainText("Your pending request is withdrawn.");
  await dialog.getByRole("button", { name: "Retire channel" }).click();

  await expect(page.getByText("Channel retired.")).toBeVisible();
  await expect(page.getByText("Retired", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Switch online" })).toHaveCount(0);
  expect(await viewThroughApi(request, provider, id)).toMatchObject({ isApproved: false, status: "OFFLINE" });
});
