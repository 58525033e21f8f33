/**
 * Valid sends never take the server down (issue 35, fault 1). Against `npm start` with its
 * production heap limit (256 MB old space), several sends of the most deliveries a request may hold
 * arrive at once, with the heaviest body the limits allow (10,000 deliveries × 50 options) among
 * them. Before the heavy-work budget (lib/infrastructure/admission.ts), two of the smaller ones ended the process
 * with a JavaScript heap out-of-memory error, and the 50-option one alone did.
 * What must hold: the server process is never replaced (its supervisor would restart a dead one),
 * health answers throughout, and every send either succeeds or is refused with 503 and Retry-After
 * (nothing written), and succeeds when retried as told: each batch is written exactly once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DELIVERY_OPTIONS } from "../../../lib/contract/channel";
import { MAX_DELIVERIES } from "../../../lib/contract/delivery-limits";
import { db, disconnectDb } from "../../../lib/db";
import { approvedChannel, programWith } from "../../support/money/money-setup";
import { type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";
import { serverPidOf } from "../../support/server/test-server";

const own = ownServer({ WORKERS_IN_PROCESS: "false", LOG_LEVEL: "warn" });
afterAll(() => disconnectDb()); // before the server's database is dropped (hooks run in reverse)
let manager: PlatformUser;
let programId: string;
let narrow: string;
let wide: string;

const optionNames = Array.from({ length: MAX_DELIVERY_OPTIONS }, (_, k) => `o${k}`);

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  manager = await platformUser(["program_manager"]);
  const option = (fieldName: string) => ({
    fieldLabel: fieldName,
    fieldName,
    dataType: "STRING",
    isRequired: true,
    fieldMinLength: 1,
    fieldMaxLength: 20,
    validationRegex: "^[0-9+ ]+$",
  });
  narrow = (await approvedChannel(undefined, "One option", [option("phone")])).channelId;
  wide = (await approvedChannel(undefined, "Fifty options", optionNames.map(option))).channelId;
  programId = await programWith(1e9, [narrow, wide]);
}, 120_000);

function deliveries(tag: string, names: string[]) {
  return Array.from({ length: MAX_DELIVERIES }, (_, n) => ({
    beneficiaryId: `${tag}-${n}`,
    amount: 1,
    options: Object.fromEntries(names.map((name, k) => [name, String(10_000 + ((n + k) % 90_000))])),
  }));
}

/** Sends until answered with something other than 503, waiting as Retry-After says; every answer is kept. */
async function sendAsTold(channelId: string, description: string, names: string[]) {
  const body = JSON.stringify({ channelId, description, deliveries: deliveries(description, names) });
  const statuses: number[] = [];
  const idempotencyKey = randomUUID();
  for (let attempt = 0; attempt < 20; attempt++) {
    const reply = await platform(`/programs/${programId}/delivery-requests`, {
      baseUrl: own.server().baseUrl,
      token: manager.token,
      body,
      headers: { "idempotency-key": idempotencyKey },
    });
    statuses.push(reply.status);
    if (reply.status !== 503) return { statuses, reply, bytes: body.length };
    expect(reply.json.error.type).toBe("ServerBusy");
    const retryAfter = Number(reply.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
  return { statuses, reply: undefined, bytes: body.length };
}

describe("sends of the largest size the limits allow, at once", () => {
  it("leave the server alive and answering, each written once", async () => {
    const pid = serverPidOf(own.server());
    let healthChecks = 0;
    const healthFailures: string[] = [];
    let sending = true;
    const watching = (async () => {
      while (sending) {
        const started = Date.now();
        const ok = await fetch(`${own.server().baseUrl}/api/health`, {
          signal: AbortSignal.timeout(30_000),
        }).then(
          (response) => response.ok,
          (error: unknown) => String(error),
        );
        healthChecks++;
        if (ok !== true) healthFailures.push(`${ok} after ${Date.now() - started} ms`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    const sends = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => sendAsTold(narrow, `narrow-${i}`, ["phone"])),
      sendAsTold(wide, "wide", optionNames),
    ]);
    sending = false;
    await watching;

    expect(healthFailures).toEqual([]);
    expect(healthChecks).toBeGreaterThan(0);
    expect(serverPidOf(own.server())).toBe(pid);
    expect(sends.find((send) => send.bytes > 6_500_000)).toBeDefined();
    // A failure says what the server logged: a 500 under load was a transaction past its timeout.
    const serverErrors = () =>
      own
        .server()
        .output()
        .split("\n")
        .filter((line) => line.includes('"level":50'))
        .join("\n")
        .slice(0, 4000);
    for (const [i, send] of sends.entries()) {
      if (send.reply?.status !== 200)
        expect.fail(`send ${i}: ${send.statuses.join(", ")}\n${serverErrors()}`);
      const description = i < 4 ? `narrow-${i}` : "wide";
      const written = await db().deliveryRequest.findMany({ where: { programId, description } });
      expect(written).toHaveLength(1);
      expect(await db().delivery.count({ where: { deliveryRequestId: written[0]!.id } })).toBe(
        MAX_DELIVERIES,
      );
    }
  }, 600_000);
});
