/**
 * The smaller findings of issue 10, each in the browser: the console names its webhook log so, the
 * app has an SVG favicon, /webhooks fits a 390 px phone, the channel form generates a valid id, the
 * eligibility country is a searchable lookup, toasts leave the account menu free, and the console's
 * provider page lists channels by name.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";
import { createThroughApi, postAsProvider } from "./support/provider-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

/** The box once it stops moving: a toast slides in from the screen's edge before it rests. */
async function restingBox(locator: Locator) {
  let previous = await box(locator);
  await expect
    .poll(
      async () => {
        const next = await box(locator);
        const still = next.x === previous.x && next.y === previous.y;
        previous = next;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return previous;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("the console's nav names the webhook log so", async ({ page }) => {
  await signIn(page, createAdminAccount(), /\/admin$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Webhook log" })).toHaveAttribute("href", "/admin/deliveries");
  await expect(nav.getByRole("link", { name: "Deliveries" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Webhook log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook log" })).toBeVisible();
});

test("pages link an SVG favicon that the server answers", async ({ page, request }) => {
  await page.goto("/sign-in");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  expect(await icon.text()).toContain("<svg");
});

test("/webhooks fits a 390 px phone, with a long callback URL", async ({ page, request }) => {
  const account = createProviderAccount();
  const subscribed = await postAsProvider(request, account, "/api/Event/Subscribe", {
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    callbackUrl: `https://hooks.example/${"a".repeat(200)}`,
    auth: { type: "hmac", secret: "a-long-random-secret" },
  });
  expect((await subscribed.json()).status).toBe("success");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account);
  for (const path of ["/webhooks", "/webhooks/deliveries"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await page.goto("/webhooks");
  await page.screenshot({ path: "artifacts/screenshots/webhooks-phone.png", fullPage: true });
});

test("the channel form generates an id the form then accepts", async ({ page, request }) => {
  const account = createProviderAccount();
  await signIn(page, account);
  await page.goto("/channels/new");
  const id = page.getByLabel("Channel id");
  await expect(id).toHaveValue("");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(id).toHaveValue(UUID);
  const generated = await id.inputValue();

  await page.getByRole("textbox", { name: "Text" }).first().fill("Generated id channel");
  await page.getByLabel("Landing page").fill("www.generated.example");
  const categories = page.getByRole("combobox", { name: "Categories of assistance" });
  await categories.fill("cash");
  await categories.press("ArrowDown");
  await categories.press("Enter");
  await page.getByRole("button", { name: "Request the channel" }).click();
  await expect(
    page.getByRole("heading", { name: "Your request was created and awaits approval" }),
  ).toBeVisible();
  const view = await request.get(`/api/DeliveryChannel/Get/${generated}`, {
    headers: { "x-api-key": account.apiKey },
  });
  expect((await view.json()).data.providerDeliveryChannelId).toBe(generated);
});

test("the eligibility country is a searchable lookup", async ({ page }) => {
  await signIn(page, createAdminAccount(), /\/admin$/);
  await page.goto("/admin/eligibility");
  await page.getByLabel("Category").selectOption("CASH");
  const country = page.getByRole("combobox", { name: "Country" });
  await country.fill("bulg");
  await page.getByRole("listbox", { name: "Country" }).getByRole("option", { name: /^BG/ }).click();
  await page.getByRole("button", { name: "Find channels" }).click();
  await expect(page).toHaveURL(/[?&]country=BG(&|$)/);
  // The choice survives the round trip through the URL.
  await expect(page.getByRole("button", { name: "Remove BG" })).toBeVisible();
});

for (const [device, size] of [
  ["a desktop", { width: 1280, height: 720 }],
  ["a phone", { width: 390, height: 844 }],
] as const) {
  test(`a toast covers neither the account menu nor the form's submit button on ${device}`, async ({
    page,
  }) => {
    const account = createProviderAccount();
    await page.setViewportSize(size);
    await signIn(page, account);
    await page.goto("/channels/new");
    const submit = page.getByRole("button", { name: "Request the channel" });
    await submit.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Some fields need attention." });
    await expect(toast).toBeVisible();
    const banner = page.getByRole("banner");
    const parts = [banner.getByRole("button", { name: "Sign out" }), submit];
    // The organisation's name is hidden on phones.
    if (size.width >= 640) parts.push(banner.getByText(account.providerName, { exact: true }));
    const resting = await restingBox(toast);
    for (const part of parts) {
      expect(overlaps(resting, await box(part)), `toast over ${part}`).toBe(false);
    }
  });
}

test("the console's provider page lists channels by name", async ({ page, request }) => {
  const account = createProviderAccount();
  const channelId = `named-${Date.now()}`;
  await createThroughApi(request, account, {
    providerDeliveryChannelId: channelId,
    name: { language: "EN", translation: "Voucher shop network" },
    landingPage: "www.vouchers.example",
    availability: { categoriesSupported: ["VOUCHERS"] },
  });
  await signIn(page, createAdminAccount(), /\/admin$/);
  await page.goto(`/admin/providers/${account.providerId}`);
  await expect(page.getByRole("link", { name: "Voucher shop network" })).toBeVisible();
});

test("a page not found inside the portal says so within its frame, one <main> (issue 30, finding 12)", async ({
  page,
}) => {
  await signIn(page, createProviderAccount());
  await page.goto("/channels/no-such-channel");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
});
