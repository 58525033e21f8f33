/**
 * Issue 10's lifecycle findings in Chromium: switching a never-approved channel online and approving
 * that request leaves it approved (finding 1); a rejection shows in the provider's list and page and
 * in the console's channel filter until the provider sends a new request (finding 3).
 */
import { type Browser, expect, test } from "@playwright/test";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";
import { createThroughApi, viewThroughApi } from "./support/provider-api";

const body = (id: string, name: string) => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: name },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
});

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, createAdminAccount(), /\/admin$/);
  return page;
}

test("switching a channel online while it awaits approval, then approving, leaves it approved", async ({
  page,
  request,
  browser,
}) => {
  const provider = createProviderAccount();
  const id = `switch-${Date.now()}`;
  await createThroughApi(request, provider, body(id, "Harbour kiosk"));

  await signIn(page, provider);
  await page.goto(`/channels/${id}`);
  await page.getByRole("button", { name: "Switch online" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("This channel awaits approval");
  await expect(dialog).toContainText("replaces the pending one");
  await dialog.getByRole("button", { name: "Switch ONLINE" }).click();
  await expect(page.getByText("Delivery Channel Update", { exact: true })).toBeVisible();

  const admin = await adminPage(browser);
  await admin.goto(`/admin/requests?providerId=${provider.providerId}`);
  await admin.getByRole("link", { name: "Delivery Channel Update: Harbour kiosk" }).click();
  await expect(admin.getByText("A new channel: everything is new")).toBeVisible();
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin).toHaveURL(/\/admin\/requests$/);

  expect(await viewThroughApi(request, provider, id)).toMatchObject({ isApproved: true, status: "ONLINE" });
  await page.reload();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
});

test("a rejection is visible to the provider and in the console until a new request", async ({
  page,
  request,
  browser,
}) => {
  const provider = createProviderAccount();
  const id = `reject-${Date.now()}`;
  await createThroughApi(request, provider, body(id, "Quay kiosk"));

  const admin = await adminPage(browser);
  await admin.goto(`/admin/requests?providerId=${provider.providerId}`);
  await admin.getByRole("link", { name: "Delivery Channel Create: Quay kiosk" }).click();
  await admin.getByRole("button", { name: "Reject…" }).click();
  await admin.getByLabel("Reason for the provider").fill("The landing page does not load");
  await admin.getByRole("button", { name: "Reject request" }).click();
  await expect(admin).toHaveURL(/\/admin\/requests$/);

  await signIn(page, provider);
  const row = page.getByRole("row").filter({ hasText: "Quay kiosk" });
  await expect(row.getByText("Rejected", { exact: true })).toBeVisible();
  await row.getByRole("link", { name: "Quay kiosk" }).click();
  await expect(page.getByText("Rejected", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "rejected your latest request" })).toContainText(
    "The landing page does not load",
  );

  await admin.goto(`/admin/channels?providerId=${provider.providerId}&request=rejected`);
  await expect(admin.getByRole("link", { name: "Quay kiosk" })).toBeVisible();
});

test("the form requires a name, a landing page and a category, and shows every error at once", async ({
  page,
  request,
}) => {
  const provider = createProviderAccount();
  const id = `bare-${Date.now()}`;
  await signIn(page, provider);
  await page.goto("/channels/new");
  await expect(page.getByLabel("Landing page")).toHaveAttribute("aria-required", "true");
  await page.getByLabel("Channel id").fill(id);
  await page.getByRole("button", { name: "Request the channel" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Fix these fields" });
  for (const message of [
    "Required: the name beneficiaries see",
    "Required: where people learn more",
    "Required: choose at least one category",
  ]) {
    await expect(summary).toContainText(message);
  }
  // Nothing was sent: the channel does not exist.
  const view = await request.get(`/api/DeliveryChannel/Get/${id}`, {
    headers: { "x-api-key": provider.apiKey },
  });
  expect(view.status()).toBe(404);
});

test("the console reviews a new channel as readable fields and warns when it is incomplete", async ({
  request,
  browser,
}) => {
  const provider = createProviderAccount();
  const id = `incomplete-${Date.now()}`;
  await createThroughApi(request, provider, {
    ...body(id, ""),
    landingPage: "",
    availability: { categoriesSupported: [] },
  });
  const admin = await adminPage(browser);
  await admin.goto(`/admin/requests?providerId=${provider.providerId}`);
  await admin.getByRole("link", { name: `Delivery Channel Create: ${id}` }).click();
  await expect(admin.getByRole("alert").filter({ hasText: "This channel is incomplete" })).toContainText(
    "no name, no landing page, no category of assistance",
  );
  // The content as fields, not a JSON diff of the whole content.
  await expect(admin.getByText("(whole content)")).toHaveCount(0);
  await expect(admin.getByText(id, { exact: true }).first()).toBeVisible();
});
