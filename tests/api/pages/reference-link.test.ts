/**
 * Issue 30, finding 11 "Finding things", over real HTTP against the built server: the provider
 * portal links to the API reference from its navigation.
 */
import { describe, expect, inject, it } from "vitest";
import { signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";

openTestDb();

describe("the provider portal", () => {
  it("links to the API reference from its navigation, and the reference answers", async () => {
    const owner = await signedIn("provider", inject("providerA").id);
    for (const path of ["/channels", "/keys", "/webhooks"]) {
      const page = await owner.get(path);
      expect(page.status, path).toBe(200);
      const nav = page.body.match(/<nav[^>]*>([\s\S]*?)<\/nav>/);
      expect(nav?.[1], path).toMatch(/<a[^>]*href="\/docs"[^>]*>API reference<\/a>/);
    }
    const docs = await fetch(`${inject("baseUrl")}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("x-api-key");
  });
});
