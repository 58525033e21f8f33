/**
 * Several instances on one PostgreSQL (docs/operations.md "Running several instances"): two `npm start`
 * servers and two `npm run worker`s share nothing in memory that matters. A key revoked elsewhere
 * stops working on both servers within a second (their 5 s key caches are cleared by a signal), an
 * outbox event written by another process wakes a worker long before its next poll and is delivered
 * once, and the API rate limit and the sign-in throttle count across both servers.
 * PostgreSQL only: on SQLite the app is one process per database file.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { jsonLines, LOOKUPS, send } from "../../support/server/operations";
import { openOwnDatabase } from "../../support/server/own-database";
import { type RunningServer, startServer } from "../../support/server/test-server";
import { type RunningWorker, startWorker } from "../../support/server/worker-process";
import { ADMIN, eventActor, providerActor } from "../../support/users/actors";

const RATE_LIMIT = 40;
const SIGN_IN_LIMIT = 4;
/** Far longer than any wait below: a worker that acts sooner was woken, not polling. */
const POLL_MS = 120_000;
const EVENT = "DELIVERY_REFUND_REQUESTED";

describe.runIf(inject("databaseKind") === "postgres")(
  "two app instances and two workers on one PostgreSQL",
  () => {
    const database = openOwnDatabase();
    let servers: RunningServer[] = [];
    let workers: RunningWorker[] = [];
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      const env = {
        WORKERS_IN_PROCESS: "false",
        WEBHOOK_ALLOW_PRIVATE_URLS: "true",
        WEBHOOK_POLL_MS: String(POLL_MS),
        API_RATE_LIMIT: String(RATE_LIMIT),
        API_RATE_WINDOW_SECONDS: "3600",
        AUTH_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
      };
      servers = [
        await startServer(database.url(), "production", env),
        await startServer(database.url(), "production", env),
      ];
      workers = await Promise.all([startWorker(database.url(), env), startWorker(database.url(), env)]);
      await listeners(workers.map((worker) => [worker.process.pid as number]));
    }, 120_000);
    afterAll(async () => {
      await Promise.all([...servers, ...workers].map((process) => process.stop()));
      await receiver?.close();
    });

    /**
     * Waits until each process has its signal connection's LISTEN in place (lib/db/signals.ts) and
     * returns those connections' backend pids. A process is given as the pids it may run under.
     */
    async function listeners(processes: number[][]): Promise<number[]> {
      for (let tries = 0; tries < 100; tries++) {
        const rows = await database
          .db()
          .$queryRawUnsafe<{ pid: number; application_name: string }[]>(
            `SELECT pid, application_name FROM pg_stat_activity WHERE query = 'LISTEN dcp_signals'`,
          );
        const found = processes.map((pids) =>
          rows.find((row) => pids.some((pid) => row.application_name === `dcp-signals ${pid}`)),
        );
        if (found.every(Boolean)) return found.map((row) => Number(row?.pid));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`processes ${JSON.stringify(processes)} never listened`);
    }

    /** A server's pids: its supervisor's and its own, as its log lines name them. */
    const pidsOf = (server: RunningServer) =>
      [...new Set(jsonLines(server.output()).map((line) => line.pid))].filter(
        (pid): pid is number => typeof pid === "number",
      );

    async function newKey() {
      const { issueApiKey } = await import("../../../lib/domain/keys");
      const { createProvider } = await import("../../../lib/domain/providers");
      const provider = await createProvider(ADMIN, `Instances ${randomUUID().slice(0, 8)}`);
      return { providerId: provider.id, ...(await issueApiKey(ADMIN, provider.id)) };
    }

    const lookups = (server: RunningServer, key: string) =>
      send(server.baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":"Kyc"}' });

    it("a key revoked by another process stops working on both servers within a second", async () => {
      const { providerId, key, record } = await newKey();
      // Twice each: the second answer comes from each server's key cache.
      for (const server of [...servers, ...servers]) expect((await lookups(server, key)).status).toBe(200);
      const { revokeApiKey } = await import("../../../lib/domain/keys");
      expect(await revokeApiKey(providerActor(providerId), record.id)).toBe(true);
      const revokedAt = Date.now();
      const refusedAt: number[] = [];
      for (const server of servers) {
        while ((await lookups(server, key)).status !== 401) {
          if (Date.now() - revokedAt > 5_000) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        refusedAt.push(Date.now() - revokedAt);
      }
      expect(Math.max(...refusedAt), "ms until both servers refused the revoked key").toBeLessThan(1_000);
    });

    it("a server whose signal connection was cut does not trust its key cache until it listens again", async () => {
      const { providerId, key, record } = await newKey();
      for (const server of [...servers, ...servers]) expect((await lookups(server, key)).status).toBe(200);
      const cut = await listeners(servers.map(pidsOf));
      for (const pid of cut) {
        await database.db().$queryRawUnsafe(`SELECT pg_terminate_backend(${pid})::text`);
      }
      expect(cut).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Revoked while neither server listens: the signal is lost, the next answer must not be.
      const { revokeApiKey } = await import("../../../lib/domain/keys");
      expect(await revokeApiKey(providerActor(providerId), record.id)).toBe(true);
      for (const server of servers) expect((await lookups(server, key)).status).toBe(401);
    });

    it("an outbox event written by another process wakes a worker at once and is delivered once", async () => {
      const { key, providerId } = await newKey();
      const { url, received } = receiver!;
      const subscribed = await send(servers[0]!.baseUrl, {
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify({ eventType: EVENT, callbackUrl: `${url}/instances`, auth: null }),
      });
      expect(subscribed.status).toBe(200);
      // Both workers are idle until their next poll, two minutes away.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { sendExampleEvent } = await import("../../../lib/domain/webhooks");
      const event = await sendExampleEvent(providerActor(providerId), EVENT);
      const ours = () => received.filter((callback) => callback.webhookId === event.id);
      while (ours().length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect
        .poll(
          async () => (await database.db().outboxEvent.findUnique({ where: { id: event.id } }))?.deliveredAt,
        )
        .toBeTruthy();
      expect(ours()).toHaveLength(1);
    }, 30_000);

    it("a replay or a re-enable's recovery by another process wakes a worker at once", async () => {
      const { key, providerId } = await newKey();
      const { url, received } = receiver!;
      const subscribed = await send(servers[1]!.baseUrl, {
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify({ eventType: EVENT, callbackUrl: `${url}/replays`, auth: null }),
      });
      expect(subscribed.status).toBe(200);
      const { sendExampleEvent, replayEvent, replayFailedEvents } = await import(
        "../../../lib/domain/webhooks"
      );
      const event = await sendExampleEvent(providerActor(providerId), EVENT);
      const ours = () => received.filter((callback) => callback.webhookId === event.id);
      const delivered = () => database.db().outboxEvent.findUnique({ where: { id: event.id } });
      while (ours().length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect.poll(async () => (await delivered())?.state).toBe("DELIVERED");
      // Both workers are idle until their next poll, two minutes away: only a signal wakes them.
      await replayEvent(eventActor(providerId), event.id);
      while (ours().length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect.poll(async () => (await delivered())?.state).toBe("DELIVERED");

      await database.db().outboxEvent.update({ where: { id: event.id }, data: { state: "FAILED" } });
      const now = new Date();
      expect(await replayFailedEvents(eventActor(providerId), new Date(now.getTime() - 60_000), now)).toBe(1);
      while (ours().length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
      await expect.poll(async () => (await delivered())?.state).toBe("DELIVERED");

      const { reenableSubscription } = await import("../../../lib/domain/webhooks");
      await database.db().outboxEvent.update({ where: { id: event.id }, data: { state: "FAILED" } });
      await database.db().subscription.updateMany({
        where: { providerId },
        data: { disabledAt: new Date(), disabledReason: "x" },
      });
      expect(
        await reenableSubscription(providerActor(providerId), EVENT, new Date(now.getTime() - 60_000)),
      ).toEqual({
        recovered: 1,
      });
      while (ours().length < 4) await new Promise((resolve) => setTimeout(resolve, 50));
    }, 30_000);

    it("counts one API rate limit across both servers", async () => {
      const { key } = await newKey();
      const statuses: number[] = [];
      for (let sent = 0; sent <= RATE_LIMIT; sent++)
        statuses.push((await lookups(servers[sent % 2]!, key)).status);
      expect(statuses.slice(0, RATE_LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses[RATE_LIMIT]).toBe(429);
    });

    it("counts one sign-in throttle across both servers", async () => {
      const email = `nobody-${randomUUID().slice(0, 8)}@example.org`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_LIMIT; attempt++) {
        const server = servers[attempt % 2]!;
        const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.baseUrl },
          body: JSON.stringify({ email, password: "not-the-password" }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);
    });
  },
);
