/**
 * Finding 7: a page that finds nothing (or something that is someone else's) answers HTTP 404, not
 * 200 with the not-found screen streamed after the shell.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requestChannelCreate } from "@/lib/domain/channels";
import { createProvider } from "@/lib/domain/providers";
import { signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor } from "../../support/users/actors";

openTestDb();

describe("pages of nothing answer 404", () => {
  it("another provider's channel, and its edit page, are 404 for a provider user", async () => {
    const owner = await createProvider(ADMIN, `Owner ${randomUUID()}`);
    const stranger = await createProvider(ADMIN, `Stranger ${randomUUID()}`);
    const id = `theirs-${randomUUID()}`;
    await requestChannelCreate(providerActor(owner.id), {
      providerDeliveryChannelId: id,
      name: { language: "EN", translation: "Theirs" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    });
    const ownerSession = await signedIn("provider", owner.id);
    const strangerSession = await signedIn("provider", stranger.id);
    expect((await ownerSession.get(`/channels/${id}`)).status).toBe(200);
    for (const path of [`/channels/${id}`, `/channels/${id}/edit`, "/channels/no-such-channel"]) {
      const page = await strangerSession.get(path);
      expect(page.status, path).toBe(404);
      // Streamed after the shell: the not-found screen arrives in the page's scripts.
      expect(page.html, path).toContain("Page not found");
    }
  });

  it("unknown programs, delivery requests, channel requests, channels and providers are 404 in the console", async () => {
    const admin = await signedIn("admin");
    const unknown = randomUUID();
    for (const path of [
      `/admin/programs/${unknown}`,
      `/admin/programs/${unknown}/requests/${randomUUID()}`,
      `/admin/requests/${unknown}`,
      `/admin/channels/${unknown}`,
      `/admin/providers/${unknown}`,
    ]) {
      const page = await admin.get(path);
      expect(page.status, path).toBe(404);
      // Streamed after the shell: the not-found screen arrives in the page's scripts.
      expect(page.html, path).toContain("Page not found");
    }
  });
});
