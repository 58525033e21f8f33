/**
 * The webhooks pages of issue 14 in the browser, with real receivers on loopback: the event catalog
 * sends an example that arrives verified; the rotate-secret dialog answers a generated secret once
 * and both secrets verify during the grace period; a disabled subscription shows why, and re-enabling
 * it with "recover since" sends the missed event again. Axe finds nothing serious on these pages.
 */
import { expect, test } from "@playwright/test";
import { WEBHOOK_EXAMPLES } from "../lib/contract/webhook-catalog";
import { startWebhookReceiver, verifyStandardWebhook } from "../scripts/webhook-receiver/receiver";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createProviderAccount, signIn } from "./support/accounts";
import { postAsProvider } from "./support/provider-api";

const STATUS = "DELIVERY_CHANNEL_STATUS_UPDATED";

test("the event catalog shows each event type and sends an example that arrives verified", async ({
  page,
  request,
}) => {
  const secret = "e2e-catalog-secret";
  const receiver = await startWebhookReceiver({ secret });
  try {
    const account = createProviderAccount();
    await postAsProvider(request, account, "/api/Event/Subscribe", {
      eventType: STATUS,
      callbackUrl: receiver.url,
      auth: { type: "hmac", secret },
    });
    await signIn(page, account);
    await page.goto("/webhooks");
    await page.getByRole("link", { name: "Event catalog" }).click();
    await expect(page.getByRole("heading", { name: "Event catalog", level: 1 })).toBeVisible();
    for (const eventType of Object.keys(WEBHOOK_EXAMPLES))
      await expect(page.getByRole("heading", { name: eventType })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send example DELIVERY_REQUEST_SENT" })).toBeDisabled();
    await expect(page.getByText("Subscribe to this event type on the Webhooks page").first()).toBeVisible();
    await page.getByText("JSON Schema", { exact: true }).first().click();
    await expect(page.getByText('"$schema"').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: `Send example ${STATUS}` }).click();
    await expect(page.getByText(/Example queued as example-/)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [callback] = receiver.received;
    expect(callback!.webhookId).toMatch(/^example-/);
    expect(callback!.verified).toEqual({ xSignature: true, standardWebhooks: true });
    expect(JSON.parse(callback!.rawBody)).toEqual(WEBHOOK_EXAMPLES[STATUS]);
    await page.screenshot({ path: "artifacts/screenshots/webhook-catalog.png", fullPage: true });
  } finally {
    await receiver.close();
  }
});

test("rotating a secret shows the generated one once; during the grace period either secret verifies", async ({
  page,
  request,
}) => {
  const oldSecret = "e2e-secret-before-rotation";
  const receiver = await startWebhookReceiver();
  try {
    const account = createProviderAccount();
    await postAsProvider(request, account, "/api/Event/Subscribe", {
      eventType: STATUS,
      callbackUrl: receiver.url,
      auth: { type: "hmac", secret: oldSecret },
    });
    await signIn(page, account);
    await page.goto("/webhooks");
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog", { name: `Rotate the secret of ${STATUS}` });
    await expect(dialog.getByLabel("Grace period")).toHaveValue("24");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByLabel("Grace period").selectOption({ label: "3 days" });
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    const generated = (await dialog.getByTestId("new-webhook-secret").textContent()) ?? "";
    expect(generated).toMatch(/^[0-9a-f]{64}$/);
    await expect(dialog.getByText("The previous secret also signs until")).toBeVisible();
    await page.screenshot({ path: "artifacts/screenshots/webhook-rotation.png" });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByText("Secret rotation")).toBeVisible();
    expect(await page.content()).not.toContain(generated);

    await page.goto("/webhooks/events");
    await page.getByRole("button", { name: `Send example ${STATUS}` }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [callback] = receiver.received;
    expect(verifyStandardWebhook(generated, callback!.rawBody, callback!.headers)).toBe(true);
    expect(verifyStandardWebhook(oldSecret, callback!.rawBody, callback!.headers)).toBe(true);
  } finally {
    await receiver.close();
  }
});

test("a disabled subscription shows why; re-enabling it recovers the missed event", async ({
  page,
  request,
}) => {
  let status = 410;
  const receiver = await startWebhookReceiver({ onCallback: () => status });
  try {
    const account = createProviderAccount();
    await postAsProvider(request, account, "/api/Event/Subscribe", {
      eventType: STATUS,
      callbackUrl: receiver.url,
      auth: null,
    });
    await signIn(page, account);
    await page.goto("/webhooks/events");
    await page.getByRole("button", { name: `Send example ${STATUS}` }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    await expect
      .poll(async () => {
        await page.goto("/webhooks");
        return page.getByRole("alert").filter({ hasText: "The receiver answered 410 Gone" }).count();
      })
      .toBe(1);
    await expect(page.getByText("1 failed attempt in a row")).toBeVisible();
    await expect(page.getByText("Last: The receiver answered HTTP 410")).toBeVisible();
    await page.screenshot({ path: "artifacts/screenshots/webhook-health.png", fullPage: true });

    status = 200;
    await page.getByRole("button", { name: "Re-enable" }).click();
    const dialog = page.getByRole("dialog", { name: `Re-enable ${STATUS}` });
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
    await dialog.getByLabel("Recover every event since (UTC, optional)").fill(anHourAgo);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Re-enable" }).click();
    await expect(page.getByText("Re-enabled; 1 event queued again.")).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.webhookId).toBe(receiver.received[0]!.webhookId);
    await expect(page.getByRole("alert").filter({ hasText: "410 Gone" })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
