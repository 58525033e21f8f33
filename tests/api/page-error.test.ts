/**
 * A page that fails to render (here its table is gone from a database of the file's own) answers
 * 500, and the browser shows the portal's error page in the reader's language with the reference
 * the server logged, not Next's English "Application error"; the rest of the portal keeps working.
 * Next renders an error boundary in the browser, so Chromium reads the page.
 */
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openOwnDatabase } from "../support/own-database";
import { type PortalSession, signedIn } from "../support/portal-session";
import { type RunningServer, startServer } from "../support/test-server";

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

it("says in the reader's language that the page could not be shown, with a reference", async () => {
  expect((await reader.get("/admin/programs")).status).toBe(200);
  await own.db().$executeRawUnsafe('ALTER TABLE "Program" RENAME TO "ProgramGone"');
  const page = await reader.get("/admin/programs");
  expect(page.status).toBe(500);
  const text = await shownInBrowser("/admin/programs");
  expect(text).toContain("Cette page n’a pas pu être affichée");
  expect(text).not.toContain("Application error");
  const reference = /Référence pour l’assistance : (\w+)/.exec(text)?.[1];
  expect(reference).toBeTruthy();
  expect(server.output()).toContain(reference);
  // Another page still answers.
  expect((await reader.get("/admin/channels")).status).toBe(200);
});

/** The page's text once Chromium has rendered it, signed in as the reader. */
async function shownInBrowser(path: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  try {
    const context = await browser.newContext();
    const cookies = reader.cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: server.baseUrl };
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${path}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not the scripts' text
    return await page.locator("body").innerText();
  } finally {
    await browser.close();
  }
}
