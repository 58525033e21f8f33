/**
 * A server action that gets no answer (connection dropped, server restarting) must not leave the
 * user with a dead form: the toast says so, and the next try goes through.
 */
import { expect, test } from "@playwright/test";
import { createProviderAccount, signIn } from "./support/accounts";

test("a form whose request gets no answer says so, and works on the next try", async ({ page }) => {
  await signIn(page, createProviderAccount());
  await page.goto("/keys");
  // Server actions POST to the page's own URL; page loads are GETs and pass.
  const dropActions = (route: import("@playwright/test").Route) =>
    route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback();
  await page.route("**/keys", dropActions);

  await page.getByLabel("Name").fill("ci");
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByText(/^No answer from the server\./)).toBeVisible();
  await expect(page.getByRole("region", { name: "New API key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create API key" })).toBeEnabled();

  await page.unroute("**/keys", dropActions);
  await page.getByRole("button", { name: "Create API key" }).click();
  await expect(page.getByRole("region", { name: "New API key" })).toContainText("dcp_");
});
