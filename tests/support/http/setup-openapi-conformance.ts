/**
 * Setup file of the API projects, run before each test file. The projects run their files in one
 * process (vitest.config.ts, isolate off), so it first undoes what the file before may have left:
 * process.env as the process began (files point DATABASE_URL at a database of their own, set mail
 * or translation settings) and lib/db's connections (made to that database). Then every `fetch` a
 * test makes is held to the OpenAPI document the server under test serves
 * (tests/support/http/openapi-conformance.ts): read and compiled once, fetch wrapped once.
 */
import { inject } from "vitest";
import { disconnectDb } from "../../../lib/db";
import { conformanceTo, fetchHeldTo } from "./openapi-conformance";

const held = globalThis as typeof globalThis & {
  envAtStart?: Record<string, string | undefined>;
  realFetch?: typeof fetch;
  heldTo?: string;
};
held.envAtStart ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in held.envAtStart)) delete process.env[key];
Object.assign(process.env, held.envAtStart);
await disconnectDb();

held.realFetch ??= globalThis.fetch;
const baseUrl = inject("baseUrl");
if (held.heldTo !== baseUrl) {
  const document = await (await held.realFetch(`${baseUrl}/api/openapi.json`)).json();
  globalThis.fetch = fetchHeldTo(await conformanceTo(document), held.realFetch);
  held.heldTo = baseUrl;
}
