/**
 * Issue 13: every console page that names an approved channel names it in the reader's language
 * when a translation of that name exists (the program's page, a delivery request's, a provider's,
 * eligibility, and the send's confirmation), and by the provider's own name otherwise. Read over
 * HTTP as a French and a Russian reader; the English name must not appear where French is shown.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { approvedChannel, delivery, programWith, sendThrough } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN } from "../../support/users/actors";

openTestDb();

const world = {
  served: { english: `Cash at the market ${randomUUID()}`, french: `Espèces au marché ${randomUUID()}` },
  candidate: { english: `Kiosk network ${randomUUID()}`, french: `Réseau de kiosques ${randomUUID()}` },
  channelId: "",
  candidateId: "",
  providerId: "",
  programId: "",
  requestId: "",
};
let reader: PortalSession;

beforeAll(async () => {
  const served = await approvedChannel(undefined, world.served.english);
  const candidate = await approvedChannel(undefined, world.candidate.english);
  Object.assign(world, {
    channelId: served.channelId,
    candidateId: candidate.channelId,
    providerId: served.providerId,
  });
  for (const [channelId, text] of [
    [served.channelId, world.served.french],
    [candidate.channelId, world.candidate.french],
  ] as const)
    await saveHumanTranslation(ADMIN, { channelId, field: "name", language: "FR", text });
  world.programId = await programWith(1000, [served.channelId]);
  const sent = await sendThrough({ programId: world.programId, channelId: served.channelId }, "Winter cash", [
    delivery(10),
  ]);
  world.requestId = sent.deliveryRequestId;
  reader = await signedIn(["administrator", "program_manager"]);
});

/** The page's shown markup (scripts left out) for a reader who chose `locale` on their profile. */
async function pageIn(locale: string, path: string) {
  await db().user.update({ where: { id: reader.userId }, data: { locale } });
  const page = await reader.get(path);
  expect(page.status, path).toBe(200);
  return page.body;
}

// Eligibility lists by id, among many channels of other tests: a cursor just before the channel's
// id (its own id less its last character sorts before it in any collation) starts the page at it.
// The cursor's form: lib/domain/paging.ts, base64url of [sort value, id].
const startingAt = (id: string) => {
  const before = id.slice(0, -1);
  return Buffer.from(JSON.stringify([before, before])).toString("base64url");
};

const pages = () => ({
  program: `/admin/programs/${world.programId}`,
  request: `/admin/programs/${world.programId}/requests/${world.requestId}`,
  provider: `/admin/providers/${world.providerId}`,
  eligibility: `/admin/eligibility?category=CASH&after=${startingAt(world.channelId)}`,
});

it("names the channel in French on every page that names it, and never in English", async () => {
  for (const [page, path] of Object.entries(pages())) {
    const markup = await pageIn("fr", path);
    expect(markup, page).toContain(world.served.french);
    expect(markup, page).not.toContain(world.served.english);
  }
  // The program page names its channel in the list, the send form, the spending and the requests;
  // the channel it could add, in the add form.
  const program = await pageIn("fr", pages().program);
  expect(program.split(world.served.french).length - 1).toBeGreaterThanOrEqual(4);
  expect(program).toContain(world.candidate.french);
  expect(program).not.toContain(world.candidate.english);
});

it("names it as the provider wrote it for a reader of a language it was not translated into", async () => {
  for (const [page, path] of Object.entries(pages())) {
    const markup = await pageIn("ru", path);
    expect(markup, page).toContain(world.served.english);
    expect(markup, page).not.toContain(world.served.french);
  }
});

it("the send's confirmation names the channel in the reader's language", async () => {
  const preview = serverActions().find(
    (action) => action.name === "app/(admin)/admin/programs/send-delivery-actions.ts#previewSendAction",
  ) as ServerAction;
  const input = {
    programId: world.programId,
    channelId: world.channelId,
    description: "Spring cash",
    idempotencyKey: randomUUID(),
    source: "rows",
    deliveries: [{ beneficiaryId: `b-${randomUUID()}`, amount: "5", options: { phone: "+359 888" } }],
  };
  for (const [locale, name] of [
    ["fr", world.served.french],
    ["ru", world.served.english],
  ] as const) {
    await db().user.update({ where: { id: reader.userId }, data: { locale } });
    const result = await actionResult(inject("baseUrl"), preview, reader.cookie, [input]);
    expect(result).toMatchObject({ ok: true, data: { preview: { channelName: name } } });
  }
});
