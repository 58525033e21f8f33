/**
 * Setup file of the API projects: every `fetch` a test makes is held to the OpenAPI document the
 * server under test serves (tests/support/http/openapi-conformance.ts), read once per test file.
 */
import { inject } from "vitest";
import { conformanceTo, fetchHeldTo } from "./openapi-conformance";

const realFetch = globalThis.fetch;
const document = await (await realFetch(`${inject("baseUrl")}/api/openapi.json`)).json();
globalThis.fetch = fetchHeldTo(await conformanceTo(document), realFetch);
