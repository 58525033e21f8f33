/**
 * A page that fails to render (here its table is gone from a database of the file's own) answers
 * 500, and the browser shows the portal's error page in the reader's language with the reference
 * the server logged, not Next's English "Application error"; the rest of the portal keeps working.
 * Next renders an error boundary in the browser, so Chromium reads the page.
 */
import { chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { openOwnDatabase } from "../../support/server/own-database";
import { type RunningServer, startServer } from "../../support/server/test-server";

const own = openOwnDatabase();
let server: RunningServer;
let reader: PortalSession;

beforeAll(async () => {
  server = await startServer(own.url(), "production", { LOG_LEVEL: "error" });
  reader = await signedIn(["administrator"], undefined, server.baseUrl);
  await own.db().user.update({ where: { id: reader.userId }, data: { locale: "fr" } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

it("says in the reader's language that the page could not be shown, with a reference and a retry", async () => {
  expect((await reader.get("/admin/programs")).status).toBe(200);
  await own.db().$executeRawUnsafe('ALTER TABLE "Program" RENAME TO "ProgramGone"');
  expect((await reader.get("/admin/programs")).status).toBe(500);
  await inBrowser(async (page) => {
    await page.goto(`${server.baseUrl}/admin/programs`);
    await page.getByRole("heading", { name: "Cette page n’a pas pu être affichée" }).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not the scripts' text
    const text = await page.locator("body").innerText();
    expect(text).not.toContain("Application error");
    const reference = /Référence pour l’assistance : (\w+)/.exec(text)?.[1];
    expect(reference).toBeTruthy();
    expect(server.output()).toContain(reference);
    // Inside the console's header: its navigation and the language switcher stay.
    expect(await page.getByLabel("Langue du portail").count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole("link", { name: "Canaux", exact: true }).count()).toBeGreaterThanOrEqual(1);
    // Once the cause is gone, the retry shows the page without a reload.
    await own.db().$executeRawUnsafe('ALTER TABLE "ProgramGone" RENAME TO "Program"');
    await page.getByRole("button", { name: "Réessayer" }).click();
    await page.getByRole("heading", { name: "Programmes" }).waitFor();
  });
  // Another page answered all along.
  expect((await reader.get("/admin/channels")).status).toBe(200);
});

/** Runs `steps` in Chromium, signed in as the reader. */
async function inBrowser(steps: (page: Page) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  try {
    const context = await browser.newContext();
    const cookies = reader.cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: server.baseUrl };
    });
    await context.addCookies(cookies);
    await steps(await context.newPage());
  } finally {
    await browser.close();
  }
}
