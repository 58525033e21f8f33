/**
 * Issue 30, finding 11 "Finding things", in Chromium: an administrator finds a channel on the
 * console's list by part of its name and a country chosen by its name, sorts the list by a column
 * header, and finds the channel's approval event in the webhook log linked to the channel; the
 * provider reaches the API reference from the portal's navigation. Axe on the list.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

async function create(
  request: APIRequestContext,
  key: string,
  id: string,
  name: string,
  countries: string[],
) {
  const response = await request.post("/api/DeliveryChannel/Create", {
    headers: { "x-api-key": key },
    data: {
      providerDeliveryChannelId: id,
      name: { language: "EN", translation: name },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"], countriesSupported: countries },
    },
  });
  expect((await response.json()).status).toBe("success");
}

test("an administrator searches, filters by country name and sorts the channel list", async ({
  page,
  request,
}) => {
  const provider = createProviderAccount();
  const word = `Heron${Date.now()}`;
  await create(request, provider.apiKey, `${word}-b`, `${word} bakery`, ["BG"]);
  await create(request, provider.apiKey, `${word}-a`, `${word} Apothecary`, ["BG"]);
  await create(request, provider.apiKey, `${word}-p`, `${word} pier`, ["PL"]);

  await signIn(page, createAdminAccount(), /\/admin$/);
  await page.goto("/admin/channels");
  await page.getByLabel("Search").fill(word.toLowerCase());
  await page.getByLabel("Available in").selectOption({ label: "Bulgaria" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/q=heron\d+&.*country=BG/);
  const table = page.getByRole("table", { name: "Channels" });
  await expect(table.getByRole("link", { name: `${word} bakery` })).toBeVisible();
  await expect(table.getByRole("link", { name: `${word} Apothecary` })).toBeVisible();
  await expect(table.getByRole("link", { name: `${word} pier` })).toHaveCount(0);

  // Sorted by name from the header, then the other way round; the filters stay.
  const channelHeader = table.getByRole("columnheader", { name: /Channel/ });
  await channelHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(page).toHaveURL(/country=BG/);
  await expect(channelHeader).toHaveAttribute("aria-sort", "ascending");
  const names = table.locator("tbody tr td:first-child a");
  await expect(names).toHaveText([`${word} Apothecary`, `${word} bakery`]);
  await channelHeader.getByRole("link").click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(channelHeader).toHaveAttribute("aria-sort", "descending");
  await expect(names).toHaveText([`${word} bakery`, `${word} Apothecary`]);
  await expectNoSeriousA11yViolations(page);

  // Approve one; its event in the webhook log names the channel and links to it.
  await page.goto(`/admin/requests?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: `Delivery Channel Create: ${word} bakery` }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await page.goto("/admin/deliveries");
  await page
    .getByRole("link", { name: `${word} bakery` })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: `${word} bakery` })).toBeVisible();
});

test("the provider reaches the API reference from the portal's navigation", async ({ page }) => {
  const provider = createProviderAccount();
  await signIn(page, provider);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "API reference", exact: true })
    .click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByText("x-api-key").first()).toBeVisible();
});
