/**
 * A retry after a crash answers the original success (issue 35). Every operation that takes an
 * Idempotency-Key is sent once to a server that commits it and is then killed before its answer is
 * stored (the test fault hook holds the request right there: TEST_FAULT_HOOKS, `x-test-fault:
 * hold-after-commit`). A second server on the same database gets the same request with the same key:
 * it must answer 200 with the original outcome, and the write must exist exactly once. Before the
 * journal (lib/db/transaction-journal.ts) the retry ran the operation again: a second program, or a
 * 409 "already approved" stored for ever for a write that had succeeded.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Case, idempotentOperations } from "../../support/contract/idempotent-operations";
import { openOwnDatabase } from "../../support/server/own-database";
import { healthyAgain, type RunningServer, serverPidOf, startServer } from "../../support/server/test-server";

const database = openOwnDatabase();
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
});

async function call(baseUrl: string, test: Case, idempotencyKey: string, fault = false) {
  const response = await fetch(`${baseUrl}${test.path}`, {
    method: "POST",
    headers: {
      ...test.auth,
      "idempotency-key": idempotencyKey,
      ...(test.body === undefined ? {} : { "content-type": "application/json" }),
      ...(fault ? { "x-test-fault": "hold-after-commit" } : {}),
    },
    body: test.body === undefined ? undefined : JSON.stringify(test.body),
  });
  return {
    status: response.status,
    json: await response.json(),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Retries while the dead server's claim is still leased (409 RequestInProgress, Retry-After), as a client would. */
async function retryUntilAnswered(baseUrl: string, test: Case, idempotencyKey: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const reply = await call(baseUrl, test, idempotencyKey);
    if (reply.json.error?.type !== "RequestInProgress" || Date.now() > deadline) return reply;
    await new Promise((resolve) => setTimeout(resolve, Number(reply.retryAfter ?? 1) * 1000));
  }
}

let cases: Case[] = [];

beforeAll(async () => {
  cases = await idempotentOperations(database);
}, 120_000);

describe("a retry after the server died between the commit and the stored answer", () => {
  it("answers every idempotent operation's original success, and the write happened once", async () => {
    const env = { TEST_FAULT_HOOKS: "true", WORKERS_IN_PROCESS: "false" };
    const first = await startServer(database.url(), "production", env);
    server = first;
    const keys = cases.map(() => randomUUID());
    // Each request commits and is then held, unanswered; the server dies with all of them held.
    const held = cases.map((test, i) => call(first.baseUrl, test, keys[i]!, true).catch(() => "killed"));
    const deadline = Date.now() + 60_000;
    while ((first.output().match(/held after commit/g) ?? []).length < cases.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((first.output().match(/held after commit/g) ?? []).length).toBe(cases.length);
    process.kill(serverPidOf(first), "SIGKILL");
    expect(await Promise.all(held)).toEqual(cases.map(() => "killed"));

    // npm start's supervisor starts a new server; the retries find the dead one's claims.
    await healthyAgain(first);
    const replies = await Promise.all(
      cases.map((test, i) => retryUntilAnswered(first.baseUrl, test, keys[i]!)),
    );
    for (const [i, test] of cases.entries()) {
      const reply = replies[i]!;
      expect({ name: test.name, status: reply.status, error: reply.json.error }).toEqual({
        name: test.name,
        status: 200,
        error: null,
      });
      test.answer(reply.json.data);
      await test.once();
    }
    // And the answer is now stored: a further retry replays it at once.
    const again = await call(first.baseUrl, cases[0]!, keys[0]!);
    expect(again.status).toBe(200);
  }, 180_000);
});
