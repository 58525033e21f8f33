/**
 * The admin console in Chromium: requests a provider submits through the REST API appear in the
 * queue; an administrator approves one, sees the field-level diff of an update and rejects it with a
 * reason, approves another, enters a translation by hand; the provider's pages show the decisions and
 * the translation. An administrator who belongs to the provider cannot decide. Axe and screenshots.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

const body = (id: string, name: string, countries: string[]) => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: name },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"], countriesSupported: countries },
});

async function post(request: APIRequestContext, path: string, key: string, data: unknown) {
  const response = await request.post(path, { headers: { "x-api-key": key }, data });
  expect((await response.json()).status).toBe("success");
}

test("an administrator works the review queue; the provider sees the outcome", async ({
  page,
  request,
  browser,
}) => {
  const provider = createProviderAccount();
  const first = `admin-a-${Date.now()}`;
  const second = `admin-b-${Date.now()}`;
  await post(request, "/api/DeliveryChannel/Create", provider.apiKey, body(first, "First kiosk", ["BG"]));
  await post(request, "/api/DeliveryChannel/Create", provider.apiKey, body(second, "Second kiosk", ["PL"]));

  await signIn(page, createAdminAccount(), /\/admin$/);
  await page.getByRole("link", { name: /^Requests/ }).click();
  await page.getByLabel("Provider").selectOption({ label: provider.providerName });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("link", { name: "Delivery Channel Create: First kiosk" })).toBeVisible();
  await page.screenshot({ path: "artifacts/screenshots/admin-queue.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Delivery Channel Create: First kiosk" }).click();
  await expect(page.getByText("A new channel: everything is new")).toBeVisible();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  const view = await (
    await request.get(`/api/DeliveryChannel/Get/${first}`, { headers: { "x-api-key": provider.apiKey } })
  ).json();
  expect(view.data).toMatchObject({ isApproved: true, status: "ONLINE" });

  // The provider updates the approved channel: the reviewer sees exactly what changed.
  await post(
    request,
    "/api/DeliveryChannel/Update",
    provider.apiKey,
    body(first, "First kiosk, renamed", ["BG", "UA"]),
  );
  await page.goto(`/admin/requests?providerId=${provider.providerId}&kind=UPDATE`);
  await page.getByRole("link", { name: "Delivery Channel Update: First kiosk, renamed" }).click();
  // Fields and codes by their names (issue 30, finding 5), the path and the code on hover.
  const diff = page.getByRole("table", {
    name: "Changes from the approved content to the submitted content",
  });
  const nameRow = diff.getByRole("row").filter({ has: page.locator('[data-path="name.translation"]') });
  await expect(nameRow.getByRole("rowheader")).toContainText("Name");
  await expect(nameRow).toContainText("First kiosk");
  await expect(nameRow).toContainText("First kiosk, renamed");
  const countries = diff.getByRole("row").filter({ hasText: "Countries supported" });
  await expect(countries).toContainText("+ Ukraine");
  await page.screenshot({ path: "artifacts/screenshots/admin-review-diff.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Reject…" }).click();
  await page.getByRole("button", { name: "Reject request" }).click();
  await expect(page.getByText("Give the provider a reason")).toBeVisible();
  await page.getByLabel("Reason for the provider").fill("Ukraine is not covered by your licence yet");
  await page.getByRole("button", { name: "Reject request" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);

  await page.goto(`/admin/requests?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: "Delivery Channel Create: Second kiosk" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);

  // A translation by hand, on the channel's page.
  await page.goto(`/admin/channels?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: "First kiosk" }).click();
  // Per language, how the approved name is translated: no translator runs here, so all wait.
  const coverage = page.getByRole("table", { name: "Languages of the approved name and description" });
  const nameIn = (language: string) =>
    coverage.locator(`tr[data-language="${language}"] td[data-field="name"]`);
  await expect(nameIn("EN")).toHaveText("original");
  await expect(nameIn("FR")).toHaveText("waiting");
  await page.getByLabel("Language", { exact: true }).selectOption("FR");
  await page.getByLabel("Translation").fill("Premier kiosque");
  await page.getByRole("button", { name: "Save translation" }).click();
  await expect(page.getByText("Premier kiosque")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Premier kiosque" }).getByText("human"),
  ).toBeVisible();
  await expect(nameIn("FR")).toHaveText("human-made");
  await expect(nameIn("ES")).toHaveText("waiting");

  // A reviewer of the provider's own organisation cannot decide its requests.
  await post(
    request,
    "/api/DeliveryChannel/Update",
    provider.apiKey,
    body(second, "Second kiosk v2", ["PL"]),
  );
  const memberPage = await (await browser.newContext()).newPage();
  // An administrator who belongs to the organisation is also its owner (user:create --admin
  // --provider), so the organisation's portal is home; the console still refuses them its requests.
  await signIn(memberPage, createAdminAccount(provider.providerId), /\/channels$/);
  await memberPage.goto(`/admin/requests?providerId=${provider.providerId}`);
  await memberPage.getByRole("link", { name: "Delivery Channel Update: Second kiosk v2" }).click();
  await expect(memberPage.getByText("another reviewer must decide")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The provider's pages show the decisions and the translation.
  const providerPage = await (await browser.newContext()).newPage();
  await signIn(providerPage, provider);
  await providerPage.goto(`/channels/${first}`);
  await expect(providerPage.getByText("Reason: Ukraine is not covered by your licence yet")).toBeVisible();
  await expect(providerPage.getByText("Premier kiosque")).toBeVisible();
  await expect(providerPage.getByText("approved").first()).toBeVisible();
});
