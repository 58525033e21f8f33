/**
 * Issue 10's lifecycle findings in Chromium: switching a never-approved channel online and approving
 * that request leaves it approved (finding 1); a rejection shows in the provider's list and page and
 * in the console's channel filter until the provider sends a new request (finding 3). Issue 30,
 * finding 1: every page says one thing of a channel (its standing, lib/domain/channels/standing.ts):
 * a rejected channel is "Rejected", never also "Awaiting approval" or REQUESTED; a never-approved
 * channel switched online awaits approval, never "ONLINE" or "again".
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
  // Never offered before: not "again".
  await expect(dialog).toContainText("Once the channel is approved, beneficiaries can be offered it.");
  await expect(dialog).not.toContainText("again");
  await dialog.getByRole("button", { name: "Switch ONLINE" }).click();
  await expect(page.getByText("Delivery Channel Update", { exact: true }).first()).toBeVisible();
  // ONLINE as asked, but nothing is live until it is approved.
  await expect(page.getByText("Awaiting approval", { exact: true })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
  await expect(page.getByText("ONLINE", { exact: true })).toHaveCount(0);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/requests?providerId=${provider.providerId}`);
  await admin.getByRole("link", { name: "Delivery Channel Update: Harbour kiosk" }).click();
  await expect(admin.getByText("A new channel: everything is new")).toBeVisible();
  // The reviewer's header says what the channel is, not the status it asks for.
  await expect(admin.getByText("Awaiting approval", { exact: true })).toBeVisible();
  await expect(admin.getByText("ONLINE", { exact: true })).toHaveCount(0);
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin).toHaveURL(/\/admin\/requests$/);

  expect(await viewThroughApi(request, provider, id)).toMatchObject({ isApproved: true, status: "ONLINE" });
  await page.reload();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(page.getByText("Awaiting approval", { exact: true })).toHaveCount(0);
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
  // One word for what the channel is, with the reason: never also awaiting approval, nor REQUESTED.
  await expect(row.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(row).toContainText("Reason: The landing page does not load");
  await expect(row.getByText("Awaiting approval")).toHaveCount(0);
  await expect(row.getByText("REQUESTED")).toHaveCount(0);
  await row.getByRole("link", { name: "Quay kiosk" }).click();
  await expect(page.getByText("Rejected", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Awaiting approval")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "rejected your latest request" })).toContainText(
    "The landing page does not load",
  );

  // The console's list, filtered by that word, and the provider's page in the console say the same.
  await admin.goto(`/admin/channels?providerId=${provider.providerId}`);
  await admin.getByLabel("State").selectOption({ label: "Rejected" });
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/state=rejected/);
  const listed = admin.getByRole("row").filter({ hasText: "Quay kiosk" });
  await expect(listed.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(listed.getByText("Awaiting approval")).toHaveCount(0);
  await admin.goto(`/admin/channels?providerId=${provider.providerId}&state=awaitingApproval`);
  await expect(admin.getByRole("link", { name: "Quay kiosk" })).toHaveCount(0);
  await admin.goto(`/admin/providers/${provider.providerId}`);
  const item = admin.getByRole("listitem").filter({ hasText: "Quay kiosk" });
  await expect(item.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(item.getByText("Awaiting approval")).toHaveCount(0);
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
