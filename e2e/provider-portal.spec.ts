/**
 * The provider portal end to end in Chromium: a provider creates a channel with values picked from
 * the lookup-fed controls and two delivery options, sees validation errors at the fields, submits,
 * finds it in the list as REQUESTED, edits it, toggles its status; creates an API key, uses it against
 * the REST API, revokes it; another provider cannot open the channel. Axe checks and screenshots.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createProviderAccount, signIn } from "./support/accounts";

async function pick(page: Page, label: string, search: string, option: RegExp) {
  const box = page.getByRole("combobox", { name: label });
  await box.fill(search);
  await page.getByRole("listbox", { name: label }).getByRole("option", { name: option }).click();
}

test("a provider manages a channel and an API key in the browser", async ({ page, request, browser }) => {
  const account = createProviderAccount();
  const channelId = `portal-${Date.now()}`;
  await signIn(page, account);
  await expect(page.getByText("No channels yet")).toBeVisible();
  await page.screenshot({ path: "artifacts/screenshots/channels-empty.png", fullPage: true });

  await page.getByRole("link", { name: "New channel" }).click();
  await expect(page.getByRole("heading", { name: "New delivery channel" })).toBeVisible();
  await page.getByLabel("Channel id").fill(channelId);
  await page.getByRole("textbox", { name: "Text" }).first().fill("Cash pickup at partner agents");
  await page.getByLabel("Landing page").fill("javascript:alert(1)");
  await page.getByLabel("Channel id").focus();
  await expect(page.getByText("must be an http(s) address or a bare host name")).toBeVisible();
  await page.getByLabel("Landing page").fill("www.partner-agents.example");

  // Category by keyboard, countries by typing and clicking, currencies and nationalities too.
  const categories = page.getByRole("combobox", { name: "Categories of assistance" });
  await categories.fill("cash");
  await categories.press("ArrowDown");
  await categories.press("Enter");
  await expect(page.getByRole("button", { name: "Remove CASH" })).toBeVisible();
  await pick(page, "Countries supported", "bulg", /^BG/);
  await pick(page, "Countries supported", "Poland", /^PL/);
  await pick(page, "Currencies supported", "EUR", /^EUR/);
  await pick(page, "Nationalities supported", "bulgar", /^BULGARIAN/);
  // A value may be both supported and excluded (exclusion wins): the form says so, and allows it.
  await expect(page.getByText("A value on both lists is excluded.").first()).toBeVisible();
  await page.getByRole("combobox", { name: "Countries excluded" }).fill("BG");
  const excludedBg = page
    .getByRole("listbox", { name: "Countries excluded" })
    .getByRole("option", { name: /^BG/ });
  await expect(excludedBg).not.toHaveAttribute("aria-disabled", "true");
  await page.getByRole("combobox", { name: "Countries excluded" }).press("Escape");

  for (const [label, name, regex] of [
    ["Phone number", "phone", "^\\+?[0-9 ]+$"],
    ["Wallet id", "wallet", "[unclosed"],
  ]) {
    await page.getByRole("button", { name: "Add delivery option" }).click();
    const option = page
      .getByRole("listitem")
      .filter({ hasText: /^Delivery option \d/ })
      .last();
    await option.getByLabel("Label", { exact: true }).fill(label!);
    await option.getByLabel("Field name", { exact: true }).fill(name!);
    await option.getByLabel("Validation regex").fill(regex!);
  }
  const phone = page.getByRole("listitem").filter({ hasText: "Delivery option 1" });
  await phone.getByPlaceholder("Try a sample value").fill("+359 888 123");
  await expect(phone.getByText("Valid.")).toBeVisible();
  await phone.getByPlaceholder("Try a sample value").fill("call me");
  await expect(phone.getByText("Does not match the regular expression.")).toBeVisible();

  // The bad regex is refused by the same schema as the API's, at its field and in the summary.
  await page.getByRole("button", { name: "Request the channel" }).click();
  const wallet = page
    .getByRole("listitem")
    .filter({ hasText: "Delivery option 2" })
    .filter({ has: page.getByLabel("Validation regex") });
  await expect(wallet.getByText("must be a valid regular expression")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Fix these fields" })).toContainText(
    "Delivery option 2, Validation regex",
  );
  await page.screenshot({ path: "artifacts/screenshots/channel-form-errors.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole("listitem")
    .filter({ hasText: "Delivery option 2" })
    .getByLabel("Validation regex")
    .fill("^[A-Z0-9]{8}$");
  await page.getByRole("button", { name: "Request the channel" }).click();
  await expect(
    page.getByRole("heading", { name: "Your request was created and awaits approval" }),
  ).toBeVisible();
  await expect(page.getByText("Delivery Channel Create", { exact: true })).toBeVisible();

  // What the form sent is what the API stores.
  const view = await (
    await request.get(`/api/DeliveryChannel/Get/${channelId}`, { headers: { "x-api-key": account.apiKey } })
  ).json();
  expect(view.data).toMatchObject({
    providerDeliveryChannelId: channelId,
    name: { language: "EN", translation: "Cash pickup at partner agents" },
    landingPage: "www.partner-agents.example",
    availability: {
      categoriesSupported: ["CASH"],
      countriesSupported: ["BG", "PL"],
      currenciesSupported: ["EUR"],
      nationalitiesSupported: ["BULGARIAN"],
    },
    deliveryOptions: [
      {
        fieldLabel: "Phone number",
        fieldName: "phone",
        validationRegex: "^\\+?[0-9 ]+$",
        isRequired: true,
        dataType: "STRING",
      },
      {
        fieldLabel: "Wallet id",
        fieldName: "wallet",
        validationRegex: "^[A-Z0-9]{8}$",
        isRequired: true,
        dataType: "STRING",
      },
    ],
    status: "REQUESTED",
    isApproved: false,
  });

  // The list says what it is: awaiting approval (the contract's REQUESTED is the API's word).
  await page.getByRole("link", { name: "Back to the channels" }).click();
  const row = page.getByRole("row").filter({ hasText: channelId });
  await expect(row.getByText("Awaiting approval")).toBeVisible();
  await expect(row.getByText("REQUESTED")).toHaveCount(0);
  await page.screenshot({ path: "artifacts/screenshots/channels-list.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Edit: the form loads the current content; the update is what the API then shows.
  await row.getByRole("link").first().click();
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Channel id")).toHaveValue(channelId);
  await expect(page.getByRole("button", { name: "Remove PL" })).toBeVisible();
  await page.getByRole("textbox", { name: "Text" }).first().fill("Cash pickup, renamed");
  await page.getByRole("button", { name: "Remove PL" }).click();
  await page.getByRole("button", { name: "Request the changes" }).click();
  await expect(page.getByText("Delivery Channel Update", { exact: true })).toBeVisible();
  const updated = await (
    await request.get(`/api/DeliveryChannel/Get/${channelId}`, { headers: { "x-api-key": account.apiKey } })
  ).json();
  expect(updated.data.name.translation).toBe("Cash pickup, renamed");
  expect(updated.data.availability.countriesSupported).toEqual(["BG"]);

  // Status switch, with a confirmation; the channel was never approved, so it is an update.
  await page.getByRole("link", { name: "Open the channel" }).click();
  await page.getByRole("button", { name: "Switch online" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Switch ONLINE" }).click();
  await expect(page.getByText("The channel is now ONLINE.")).toBeVisible();
  await expect(page.getByText("Delivery Channel Update", { exact: true })).toHaveCount(2);
  const online = await (
    await request.get(`/api/DeliveryChannel/Get/${channelId}`, { headers: { "x-api-key": account.apiKey } })
  ).json();
  expect(online.data.status).toBe("ONLINE");
  await page.screenshot({ path: "artifacts/screenshots/channel-detail.png", fullPage: true });

  // API keys: create, use at once against the REST API, revoke.
  await page.getByRole("link", { name: "API keys", exact: true }).click();
  await page.getByLabel("Name").fill("e2e key");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^dcp_/);
  const lookups = () =>
    request.post("/api/ClientSetting/GetLookUpValues", {
      headers: { "x-api-key": key },
      data: { data: "Kyc" },
    });
  expect((await (await lookups()).json()).status).toBe("success");
  await page.screenshot({ path: "artifacts/screenshots/api-keys.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: `Revoke ${key.slice(0, 10)}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText(`The key ${key.slice(0, 10)}… is revoked.`)).toBeVisible();
  expect((await lookups()).status()).toBe(401);

  // Another provider cannot open this channel, its edit page, or see it in its list.
  const other = createProviderAccount();
  const otherPage = await (await browser.newContext()).newPage();
  await signIn(otherPage, other);
  for (const path of [`/channels/${channelId}`, `/channels/${channelId}/edit`]) {
    await otherPage.goto(path);
    await expect(otherPage.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
  await otherPage.goto(`/channels?q=${channelId}`);
  await expect(otherPage.getByText(`No channel matches "${channelId}"`)).toBeVisible();
});

test("the form works at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, createProviderAccount());
  await page.goto("/channels/new");
  await expect(page.getByRole("combobox", { name: "Countries supported" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "artifacts/screenshots/channel-form-phone.png", fullPage: true });
});
