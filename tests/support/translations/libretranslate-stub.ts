/**
 * A LibreTranslate stand-in on loopback that speaks its real HTTP API (POST /translate with
 * {q, source, target, format, api_key} → {translatedText}). Translation is an external service, so
 * a local server with its wire format is the right double. It can be told to fail the next calls.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface LibreTranslateStub {
  url: string;
  /** Every request body received, in order. */
  received: Array<{ q: string; source: string; target: string; api_key?: string }>;
  /** The next `count` requests answer this HTTP status with LibreTranslate's error body. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startLibreTranslateStub(): Promise<LibreTranslateStub> {
  const received: LibreTranslateStub["received"] = [];
  let failures: { remaining: number; status: number } = { remaining: 0, status: 500 };
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      response.setHeader("content-type", "application/json");
      if (request.method !== "POST" || request.url !== "/translate") {
        response.writeHead(404).end(JSON.stringify({ error: "Not Found" }));
        return;
      }
      const body = JSON.parse(raw);
      received.push(body);
      if (failures.remaining > 0) {
        failures.remaining--;
        response.writeHead(failures.status).end(JSON.stringify({ error: "Translation engine unavailable" }));
        return;
      }
      response.end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    failNext: (count, status = 500) => {
      failures = { remaining: count, status };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
