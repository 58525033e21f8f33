/**
 * Finding 2: a channel stored with 100,000 countries (accepted by Create before the contract bounded
 * its lists; older rows still hold them) and a pending update with 100,000 others. Every page that
 * shows it must answer, small, with the lists collapsed — and the server must live on.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { COUNTRY_CODES } from "@/lib/contract/countries";
import { decideChannelRequest, requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import { createProvider } from "@/lib/domain/providers";
import { signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const HUGE = 100_000;
const MAX_PAGE_BYTES = 500_000;

const body = (id: string, countriesSupported: string[]): ChannelBody => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: "Everywhere cash" },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"], countriesSupported },
});

describe("a channel with 100,000 countries", () => {
  it("every page showing it answers under 500 KB with the lists collapsed, and the server lives on", {
    timeout: 180_000,
  }, async () => {
    const provider = await createProvider(ADMIN, `Huge lists ${randomUUID()}`);
    const id = `huge-${randomUUID()}`;
    // Half the codes for the approved list, the other half for the update: 100,000 entries each,
    // the approved one half "BG" as in the finding.
    const codes = [...COUNTRY_CODES].filter((code) => code !== "BG");
    const [first, second] = [codes.slice(0, codes.length >> 1), codes.slice(codes.length >> 1)];
    const approved = Array.from({ length: HUGE }, (_, i) => (i % 2 ? "BG" : first[i % first.length]!));
    const submitted = Array.from({ length: HUGE }, (_, i) => second[i % second.length]!);
    // The create path itself (no validation here: that is the API's), as the API stored it then.
    await requestChannelCreate(providerActor(provider.id), body(id, approved));
    const channel = await database()
      .db()
      .channel.findFirstOrThrow({ where: { providerId: provider.id }, include: { requests: true } });
    await decideChannelRequest(reviewerActor("admin", null), channel.requests[0]!.id, { approve: true });
    await requestChannelUpdate(providerActor(provider.id), body(id, submitted));
    const update = await database()
      .db()
      .channelRequest.findFirstOrThrow({ where: { channelId: channel.id, state: "PENDING" } });

    const admin = await signedIn("admin");
    const owner = await signedIn("provider", provider.id);
    // [session, path, whether the page shows the lists (collapsed: "… and N more")]
    const pages = [
      [admin, `/admin/requests/${update.id}`, true],
      [admin, `/admin/channels/${channel.id}`, true],
      [owner, `/channels/${id}`, true],
      [owner, `/channels/${id}/edit`, false],
      [admin, "/admin/requests", false],
      [admin, "/admin/channels", false],
      [owner, "/channels", false],
    ] as const;
    const sizes: string[] = [];
    for (const [session, path, showsLists] of pages) {
      const page = await session.get(path);
      sizes.push(`${path.split("/").slice(0, 3).join("/")} ${Math.round(page.body.length / 1000)} KB`);
      expect(page.status, path).toBe(200);
      expect(page.body.length, path).toBeLessThan(MAX_PAGE_BYTES);
      // Not toMatch: a failure would print the whole page.
      if (showsLists) expect(/and [\d,]+ more</.test(page.body), `"and N more" on ${path}`).toBe(true);
    }
    console.log(`${inject("databaseKind")} page sizes: ${sizes.join(", ")}`);
    expect((await fetch(`${inject("baseUrl")}/api/health`)).status).toBe(200);
  });
});
