/**
 * Test mode in Chromium: the switch shows the test-mode banner on every page and the sandbox's data
 * (test keys, test channels, decided automatically), and switching back shows the live data again.
 */
import { expect, test } from "@playwright/test";
import { createProviderAccount, signIn } from "./support/accounts";
import { createThroughApi, postAsProvider } from "./support/provider-api";

const channel = (id: string, name: string) => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: name },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"] },
});

test("the live/test switch shows the banner and the sandbox's data", async ({ page, request }) => {
  const account = createProviderAccount();
  await createThroughApi(request, account, channel("live-channel", "Live pickup"));
  await signIn(page, account);
  const banner = page.getByRole("region", { name: "Test mode" });
  const modeSwitch = page.getByRole("switch", { name: "Test mode" });
  await expect(page.getByRole("link", { name: /Live pickup/ })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(modeSwitch).toHaveAttribute("aria-checked", "false");

  await modeSwitch.click();
  await expect(banner).toBeVisible();
  await expect(modeSwitch).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("No channels yet")).toBeVisible();

  // A test key from the keys page, under the banner, drives the sandbox through the API.
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  await expect(banner).toBeVisible();
  await page.getByLabel("Name").fill("sandbox integration");
  await page.getByRole("button", { name: "Create API key" }).click();
  const testKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(testKey).toMatch(/^dcp_test_/);
  await createThroughApi(request, { apiKey: testKey }, channel("test-channel", "Test pickup"));

  await page.getByRole("link", { name: "Channels" }).click();
  await expect(banner).toBeVisible();
  await expect(page.getByRole("link", { name: /Test pickup/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Live pickup/ })).toHaveCount(0);
  await expect(page.getByText(/^Test mode: each change is a request, decided automatically/)).toBeVisible();
  // Decided by the sandbox after SANDBOX_DECISION_DELAY_SECONDS, with no administrator.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Live", { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: "artifacts/screenshots/test-mode.png", fullPage: true });

  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(banner).toBeVisible();

  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(banner).toHaveCount(0);
  await page.getByRole("link", { name: "Channels" }).click();
  await expect(page.getByRole("link", { name: /Live pickup/ })).toBeVisible();
  await expect(
    page.getByText("Each change is a request that a platform administrator approves."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: /Test pickup/ })).toHaveCount(0);
});

test("a page left in test mode changes nothing live after another tab switched back", async ({
  page,
  context,
  request,
}) => {
  const account = createProviderAccount();
  const EVENT = "DELIVERY_REQUEST_SENT";
  const subscribe = (apiKey: string, callbackUrl: string) =>
    postAsProvider(request, { apiKey }, "/api/Event/Subscribe", {
      eventType: EVENT,
      callbackUrl,
      auth: null,
    });
  expect((await subscribe(account.apiKey, "https://hooks.example.org/live")).status()).toBe(200);
  await signIn(page, account);
  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("region", { name: "Test mode" })).toBeVisible();
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  await page.getByLabel("Name").fill("sandbox integration");
  await page.getByRole("button", { name: "Create API key" }).click();
  const testKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect((await subscribe(testKey, "https://hooks.example.org/test")).status()).toBe(200);
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByText("https://hooks.example.org/test")).toBeVisible();

  // Another tab switches the portal back to live data.
  const other = await context.newPage();
  await other.goto("/webhooks");
  await other.getByRole("switch", { name: "Test mode" }).click();
  await expect(other.getByRole("region", { name: "Test mode" })).toHaveCount(0);
  await expect(other.getByText("https://hooks.example.org/live")).toBeVisible();

  // The first tab still shows the sandbox's subscription: unsubscribing it must not touch the live one.
  await page.getByRole("button", { name: "Unsubscribe" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(/Nothing was changed: the portal has switched to live data/)).toBeVisible();
  await other.reload();
  await expect(other.getByText("https://hooks.example.org/live")).toBeVisible();
});
