/**
 * The delivery log in the browser: a provider sends a test event to its webhook (a verifying receiver
 * on loopback), sees the delivered attempt, replays it (same webhook-id), and an administrator sees
 * the provider's event in the admin console's log.
 */
import { expect, test } from "@playwright/test";
import { startWebhookReceiver } from "../scripts/webhook-receiver/receiver";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";
import { postAsProvider } from "./support/provider-api";

test("a provider sends a test event, sees it delivered, replays it; an administrator sees it too", async ({
  page,
  request,
  browser,
}) => {
  const secret = "e2e-webhook-secret";
  const receiver = await startWebhookReceiver({ secret });
  try {
    const account = createProviderAccount();
    const subscribed = await postAsProvider(request, account, "/api/Event/Subscribe", {
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      callbackUrl: `${receiver.url}/hooks`,
      auth: { type: "hmac", secret },
    });
    expect((await subscribed.json()).status).toBe("success");

    await signIn(page, account);
    await page.goto("/webhooks/deliveries");
    await expect(page.getByRole("heading", { name: "Webhook log" })).toBeVisible();
    await expect(page.getByText("No events yet")).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event queued")).toBeVisible();

    await expect.poll(() => receiver.received.length).toBe(1);
    expect(receiver.received[0]!.verified).toEqual({ xSignature: true, standardWebhooks: true });
    await page.reload();
    await expect(page.getByRole("listitem").getByText("DELIVERED", { exact: true })).toBeVisible();
    await page.getByText("Payload and attempts").click();
    await expect(page.getByRole("cell", { name: "200" })).toBeVisible();
    await page.screenshot({ path: "artifacts/screenshots/webhook-deliveries.png", fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Replay", exact: true }).click();
    await expect(page.getByText("The event is queued again.")).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.webhookId).toBe(receiver.received[0]!.webhookId);

    const adminPage = await (await browser.newContext()).newPage();
    await signIn(adminPage, createAdminAccount(), /\/admin$/);
    await adminPage.goto(`/admin/deliveries?outcome=DELIVERED`);
    await expect(adminPage.getByText(account.providerName).first()).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test("a receiver answering 410 Gone disables the subscription, and the webhooks page says so", async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver({ onCallback: () => 410 });
  try {
    const account = createProviderAccount();
    await postAsProvider(request, account, "/api/Event/Subscribe", {
      eventType: "DELIVERY_REFUND_REQUESTED",
      callbackUrl: receiver.url,
      auth: null,
    });
    await signIn(page, account);
    await page.goto("/webhooks/deliveries");
    await page.getByLabel("Subscription").selectOption("DELIVERY_REFUND_REQUESTED");
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    await expect
      .poll(async () => {
        await page.goto("/webhooks");
        return page.getByRole("alert").filter({ hasText: "The receiver answered 410 Gone" }).count();
      })
      .toBe(1);
  } finally {
    await receiver.close();
  }
});

test("a provider subscribes, changes and unsubscribes on the webhooks page; secrets never come back", async ({
  page,
  request,
}) => {
  const account = createProviderAccount();
  const secret = "never-shown-again-secret";
  await signIn(page, account);
  await page.goto("/webhooks");
  const form = page.locator("section").filter({ hasText: "DELIVERY_CHANNEL_STATUS_UPDATED" }).first();
  await form.getByLabel("Callback URL").fill("ftp://receiver.example/hooks");
  await form.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(form.getByText("must be an absolute http(s) URL without credentials")).toBeVisible();
  await form.getByLabel("Callback URL").fill("https://receiver.example/hooks");
  await form.getByLabel("Authentication").selectOption("hmac");
  await form.getByLabel("Secret").fill(secret);
  await form.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByText("HMAC signature (secret set)")).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  const listed = await postAsProvider(request, account, "/api/Event/Subscribe", {
    eventType: "DELIVERY_REFUND_REQUESTED",
    callbackUrl: "https://receiver.example/refunds",
    auth: null,
  });
  expect(listed.ok()).toBe(true);
  await page.reload();
  await expect(page.getByText("https://receiver.example/refunds")).toBeVisible();

  await form.getByRole("button", { name: "Change" }).click();
  await form.getByLabel("Authentication").selectOption("");
  await form.getByRole("button", { name: "Save subscription" }).click();
  await expect(form.getByText("None", { exact: true })).toBeVisible();

  await form.getByRole("button", { name: "Unsubscribe" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unsubscribe" }).click();
  await expect(form.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await expect(page.getByText("https://receiver.example/hooks")).toHaveCount(0);
});
