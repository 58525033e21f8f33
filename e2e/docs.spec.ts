/**
 * The API reference at /docs renders the generated OpenAPI document in Chromium with everything
 * served by this app: no request leaves the machine. Saves artifacts/docs.png.
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
  expect(response?.headers()["content-security-policy"]).toContain("connect-src 'self'");

  await expectRendered(page);
  await expect(page.getByText("x-api-key").first()).toBeVisible();
  await page.getByText("Create delivery channel", { exact: true }).first().click();
  await expect(page.getByText("Requests a new delivery channel.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Test Request" }).first()).toBeVisible();
  await page.screenshot({ path: "artifacts/docs.png" });

  expect(seen.requests.some((url) => url.endsWith("/api/openapi.json"))).toBe(true);
  expect(seen.foreign()).toEqual([]);
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

test("the Scalar bundle is served by the app", async ({ request }) => {
  const response = await request.get("/docs/scalar.js");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/javascript");
  expect((await response.body()).length).toBeGreaterThan(1_000_000);
});
