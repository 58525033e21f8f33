/**
 * The API reference at /docs shows the generated OpenAPI document in Chromium, served whole by this
 * app: no script, no request to anywhere else. Saves artifacts/docs.png.
 */
import { expect, type Page, test } from "@playwright/test";

const OPERATIONS = [
  ["POST", "/api/DeliveryChannel/Create", "Create delivery channel"],
  ["POST", "/api/DeliveryChannel/Update", "Update delivery channel"],
  ["GET", "/api/DeliveryChannel/Get/{providerDeliveryChannelId}", "View delivery channel"],
  ["POST", "/api/ClientSetting/GetLookUpValues", "Get lookup values"],
  ["POST", "/api/Event/Subscribe", "Subscribe to an event type"],
  ["POST", "/api/Event/Unsubscribe", "Unsubscribe from an event type"],
] as const;

/** Records every request the page makes, and console errors and uncaught exceptions. */
function watch(page: Page) {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return {
    requests,
    problems,
    /** Requests to anywhere but this server (data: and blob: URLs stay in the page). */
    foreign: () =>
      requests.filter((url) => {
        const { protocol, hostname } = new URL(url);
        return protocol !== "data:" && protocol !== "blob:" && hostname !== "127.0.0.1";
      }),
  };
}

async function expectRendered(page: Page) {
  await expect(page.getByRole("heading", { name: "Delivery Channel Provider API" }).first()).toBeVisible();
  for (const [, path, summary] of OPERATIONS) {
    await expect(page.getByText(summary, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(path, { exact: true }).first()).toBeAttached();
  }
}

test("the API reference renders the OpenAPI document with nothing loaded from elsewhere", async ({
  page,
}) => {
  const seen = watch(page);
  const response = await page.goto("/docs");
  expect(response?.status()).toBe(200);
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'none'");
  // Its own script and stylesheet by hash: nothing inline but them, nothing from anywhere.
  expect(policy).toMatch(/script-src 'sha256-[^']+';/);
  expect(policy).not.toContain("unsafe-inline");

  await expectRendered(page);
  await expect(page.getByText("x-api-key").first()).toBeVisible();
  await page
    .getByRole("navigation", { name: "Contents" })
    .getByRole("link", { name: "Create delivery channel" })
    .click();
  await expect(page).toHaveURL(/#operation-createDeliveryChannel$/);
  const create = page.getByRole("region", { name: "POST Create delivery channel" });
  await expect(create.getByText("Requests a new delivery channel.")).toBeVisible();
  await expect(create.getByText(`curl -X POST "$DCP_URL/api/DeliveryChannel/Create"`).first()).toBeVisible();
  await expect(create.getByRole("heading", { name: "409" })).toBeVisible();
  await page.screenshot({ path: "artifacts/docs.png" });

  expect(seen.foreign()).toEqual([]);
  expect(seen.problems).toEqual([]);
});

test("the reference introduces idempotency, rate limits, test mode and webhooks, and shows the callbacks", async ({
  page,
}) => {
  await page.goto("/docs");
  const contents = page.getByRole("navigation", { name: "Contents" });
  for (const topic of ["Authentication", "Idempotency", "Rate limits", "Test mode", "Webhooks"]) {
    await contents.getByRole("link", { name: topic, exact: true }).click();
    await expect(page.getByRole("heading", { name: topic, exact: true })).toBeInViewport();
  }
  await expect(page.getByText("Idempotent-Replayed: true").first()).toBeVisible();
  await expect(page.getByText("v1,<new> v1,<old>").first()).toBeVisible();
  await contents.getByRole("link", { name: "A delivery request was sent" }).click();
  const callback = page.getByRole("region", { name: "POST A delivery request was sent" });
  await expect(callback.getByText("webhook-signature", { exact: true }).first()).toBeVisible();
  await expect(callback.getByText('"deliveryRequestId"').first()).toBeVisible();
});

test("a Copy button puts an example on the clipboard exactly as the document has it", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const seen = watch(page);
  await page.goto("/docs#operation-createDeliveryChannel");
  const create = page.getByRole("region", { name: "POST Create delivery channel" });
  await create.getByRole("button", { name: "Copy the curl example" }).click();
  await expect(page.getByRole("status")).toHaveText("Copied the curl example.");

  const document = await (await request.get("/api/openapi.json")).json();
  const samples: { label: string; source: string }[] =
    document.paths["/api/DeliveryChannel/Create"].post["x-codeSamples"];
  const curl = samples.find((sample) => sample.label === "curl")?.source;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
  expect(seen.problems).toEqual([]);
});

test("the home page links to the API reference", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/");
  const link = page.getByRole("link", { name: "Provider API reference" });
  await expect(link).toHaveAttribute("href", "/docs");
  await link.click();
  await expect(page).toHaveURL(/\/docs$/);
  await expectRendered(page);
  expect(seen.foreign()).toEqual([]);
});

test("/api/openapi.json serves the document; other methods get the contract's 405", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.info.version).toBe("v1");
  for (const [method, path] of OPERATIONS) expect(document.paths[path][method.toLowerCase()]).toBeDefined();

  const etag = response.headers().etag ?? "";
  expect(etag).toMatch(/^".+"$/);
  const again = await request.get("/api/openapi.json", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);

  const post = await request.post("/api/openapi.json", { data: {} });
  expect(post.status()).toBe(405);
  expect(post.headers().allow).toBe("GET");
  expect(await post.json()).toMatchObject({
    error: { code: 405, type: "MethodNotAllowed" },
    data: null,
    status: "failed",
  });
});
