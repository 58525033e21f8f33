/**
 * Operating a production server of this file's own: errors are traceable by guid in the JSON log,
 * secrets never reach it, and SIGTERM drains.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  exitOf,
  jsonLines,
  LOOKUPS,
  SUBSCRIPTION,
  seedProvider,
  send,
} from "../../support/server/operations";
import { ownServer } from "../../support/server/own-server";
import { type RunningServer, startServer } from "../../support/server/test-server";

describe("a production server of its own", () => {
  const own = ownServer();
  let server: RunningServer;
  let key: string;

  beforeAll(async () => {
    server = own.server();
    key = (await seedProvider(own.databaseUrl())).key;
  });

  it("logs each failure as a JSON line carrying the guid the client got", async () => {
    const failures = await Promise.all([
      send(server.baseUrl, { method: "POST", path: LOOKUPS, key, body: '{"data":' }),
      send(server.baseUrl, { method: "POST", path: LOOKUPS, body: '{"data":"Kyc"}' }),
      send(server.baseUrl, { method: "GET", path: "/api/DeliveryChannel/Get/unknown-id", key }),
    ]);
    const expected = [
      { status: 400, method: "POST", path: LOOKUPS },
      { status: 401, method: "POST", path: LOOKUPS },
      { status: 404, method: "GET", path: "/api/DeliveryChannel/Get/unknown-id" },
    ];
    const guids = failures.map((failure, index) => {
      expect(failure.status).toBe(expected[index]?.status);
      return JSON.parse(failure.text).error.guid as string;
    });
    await vi.waitFor(() => {
      const lines = jsonLines(server.output());
      guids.forEach((guid, index) => {
        const line = lines.find((entry) => entry.guid === guid);
        expect(line, `log line for ${guid}`).toMatchObject({ ...expected[index], level: expect.any(Number) });
        expect(line?.msg).toEqual(expect.any(String));
        expect(typeof line?.time).toBe("number");
      });
      // the access log line of each request, too
      for (const entry of expected) {
        expect(lines).toContainEqual(expect.objectContaining({ ...entry, msg: "request" }));
      }
    });
  });

  it("never logs API keys or webhook secrets", async () => {
    const secret = `never-log-${randomUUID()}`;
    const result = await send(server.baseUrl, {
      method: "POST",
      path: "/api/Event/Subscribe",
      key,
      body: JSON.stringify({
        ...SUBSCRIPTION,
        auth: { type: "header", headerName: "Bad Name", headerValue: secret },
      }),
    });
    expect(result.status).toBe(400);
    const { guid } = JSON.parse(result.text).error;
    await vi.waitFor(() => expect(server.output()).toContain(guid));
    expect(server.output()).not.toContain(secret);
    expect(server.output()).not.toContain(key);
  });

  it.each([
    ["Connection: close", false],
    ["a keep-alive connection", true],
  ])(
    "on SIGTERM finishes an in-flight request on %s, refuses new connections, exits 0",
    async (_name, keepAlive) => {
      const draining = await startServer(own.databaseUrl());
      // An idle keep-alive connection must not hold the exit up.
      expect((await fetch(`${draining.baseUrl}/api/health`)).status).toBe(200);

      const agent = new http.Agent({ keepAlive });
      const body = '{"data":"EventType"}';
      const inFlight = http.request(`${draining.baseUrl}${LOOKUPS}`, {
        method: "POST",
        agent,
        headers: {
          "x-api-key": key,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          expect: "100-continue",
        },
      });
      const answered = new Promise<{ status?: number; text: string }>((resolve, reject) => {
        inFlight.on("response", (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode, text }));
        });
        inFlight.on("error", reject);
      });
      // 100 Continue: the server has parsed the request and waits for its body.
      const continued = new Promise((resolve) => inFlight.once("continue", resolve));
      inFlight.flushHeaders();
      await continued;

      const exited = exitOf(draining.process);
      draining.process.kill("SIGTERM");
      await vi.waitFor(() => expect(draining.output()).toContain("draining in-flight requests"), {
        timeout: 5_000,
      });

      const refused = await new Promise<string>((resolve) => {
        http
          .get(`${draining.baseUrl}/api/health`, { agent: false }, () => resolve("answered"))
          .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
      expect(refused).toBe("ECONNREFUSED");

      inFlight.end(body);
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).data).toContainEqual({
        lookUp: "DELIVERY_REQUEST_SENT",
        translation: expect.any(String),
      });
      try {
        // The drain gives up after 10 s with exit code 1; a clean drain exits 0 right after the answer.
        expect(await exited).toBe(0);
        const lines = jsonLines(draining.output());
        expect(lines).toContainEqual(expect.objectContaining({ msg: "stopped" }));
        expect(lines).not.toContainEqual(expect.objectContaining({ msg: "drain timed out; exiting" }));
      } finally {
        agent.destroy();
        await draining.stop();
      }
    },
    60_000,
  );
});
