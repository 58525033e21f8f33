/**
 * The reference's code samples work as they stand: each operation's curl, TypeScript and Python
 * sample (x-codeSamples of /api/openapi.json) is run by bash, node and python3 against the server,
 * with DCP_URL, DCP_API_KEY and DCP_TOKEN set as the reference says, one fresh provider per language, in the
 * table's order (Create first, so Update finds the example channel). View reads the demo's channel
 * (DEMO_CHANNEL_ID), which each provider here is given first, as `npm run demo` gives it.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_CHANNEL_ID } from "@/lib/api/openapi/examples";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { apiCreate } from "../../support/http/api-client";
import { platformUser } from "../../support/platform/platform-api";
import { seedProvider } from "../../support/server/operations";
import { openTestDb } from "../../support/server/test-db";

openTestDb();

type Sample = { label: string; source: string };
type Operation = { operationId: string; "x-codeSamples": Sample[] };

/** What each sample must answer; an operation not listed must at least be well-formed and authenticated. */
const EXPECTED: Record<string, number> = {
  createDeliveryChannel: 200,
  updateDeliveryChannel: 200,
  getDeliveryChannel: 200,
  getLookUpValues: 200,
  subscribeEvent: 200,
  unsubscribeEvent: 200,
  // The example's delivery request was never sent to this provider.
  syncDeliveryRequest: 404,
  syncDeliveries: 404,
};
const MALFORMED = [400, 401, 413, 415, 422, 500];

/** Runs a sample; its HTTP status from what it prints. */
const RUN: Record<string, (source: string, env: NodeJS.ProcessEnv) => number> = {
  curl: (source, env) => {
    const run = spawnSync("bash", ["-c", source], { env, encoding: "utf8" });
    const envelope = JSON.parse(run.stdout);
    return envelope.status === "success" ? 200 : envelope.error.code;
  },
  TypeScript: (source, env) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sample-")), "sample.mts");
    writeFileSync(file, source);
    return leadingStatus(spawnSync(process.execPath, [file], { env, encoding: "utf8" }));
  },
  Python: (source, env) => leadingStatus(spawnSync("python3", ["-c", source], { env, encoding: "utf8" })),
};

/** `print(status, body)` and `console.log(status, body)` start with the status. */
function leadingStatus(run: { stdout: string; stderr: string }): number {
  const status = /^(\d{3}) /.exec(run.stdout)?.[1];
  if (!status) throw new Error(`no status printed:\n${run.stdout}\n${run.stderr}`);
  return Number(status);
}

// The samples test the reference, which is the same whatever the database: they run once, on SQLite
// (a process per sample, some 90 s a pass); every operation they call is tested on both databases.
describe.runIf(inject("databaseKind") === "sqlite")("the reference's code samples", () => {
  /** The published operations, in the table's order (the document lists its paths so). */
  let operations: Operation[] = [];
  beforeAll(async () => {
    // Without it the curl samples would send no Idempotency-Key (curl drops an empty header) and pass.
    expect(spawnSync("uuidgen").status, "uuidgen (apt package uuid-runtime) for the curl samples").toBe(0);
    const document = await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json();
    operations = Object.values(document.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
      Object.values(item),
    );
  });

  describe.each(["curl", "TypeScript", "Python"])("the %s samples", (label) => {
    it("answer as the example promises, run as they stand", async () => {
      const { key } = await seedProvider(inject("databaseUrl"));
      expect((await apiCreate(key, minimalChannelBody(DEMO_CHANNEL_ID))).status).toBe(200);
      // The platform API's samples run with a token holding every platform role.
      const { token } = await platformUser(["administrator", "reviewer", "program_manager", "auditor"]);
      const env = { ...process.env, DCP_URL: inject("baseUrl"), DCP_API_KEY: key, DCP_TOKEN: token };
      const answers = operations.map((operation) => {
        const sample = operation["x-codeSamples"].find((candidate) => candidate.label === label);
        return [operation.operationId, RUN[label]?.(sample?.source ?? "", env)] as const;
      });
      expect(answers.length).toBeGreaterThanOrEqual(Object.keys(EXPECTED).length);
      for (const [operationId, status] of answers) {
        if (operationId in EXPECTED)
          expect([operationId, status]).toEqual([operationId, EXPECTED[operationId]]);
        else expect(MALFORMED, operationId).not.toContain(status);
      }
      // A process per sample, one after the other: ~45 of them take 25–30 s on a busy 2-core machine.
    }, 120_000);
  });
});
