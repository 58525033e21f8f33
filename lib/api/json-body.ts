/**
 * Reading a JSON request body with bounded memory and time, whatever a provider sends: the
 * contract's content types and UTF-8 only, deep nesting and absurd value counts refused before
 * parsing, and large bodies read and parsed a few at a time, so concurrent hostile bodies queue
 * instead of exhausting the heap or the event loop. Small bodies never wait.
 */

import { MAX_BODY_BYTES } from "../config";
import { findUnstorableText, MAX_INPUT_DEPTH } from "../contract/stored-text";
import { admitHeavyWork, costOfBody } from "../infrastructure/admission";
import { unsupportedMediaType, validationError } from "./api-errors";
import type { ApiRequest } from "./api-request";
import { isAcceptedJsonType } from "./content-types";

/**
 * Bodies above this size are read through a gate and served within the heavy-work budget
 * (lib/infrastructure/admission.ts); valid bodies of the provider contract are far smaller.
 */
const LARGE_BODY_BYTES = 64 * 1024;
const LARGE_BODIES_READ_AT_ONCE = 16;

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

/** A counting semaphore: `run` waits for one of `size` slots. */
function gate(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}
const largeBodyReadGate = gate(LARGE_BODIES_READ_AT_ONCE);

/** What an operation reads at most: bytes (413 beyond) and JSON values (400 beyond, before parsing). */
export interface BodyLimits {
  bytes: number;
  values: number;
}

/**
 * Every operation's limits unless it declares its own: more values than any provider API body holds
 * (a full Delivery/Sync has ~10,000). The platform API's send declares larger ones.
 */
export const DEFAULT_BODY_LIMITS: BodyLimits = { bytes: MAX_BODY_BYTES, values: 20_000 };

/**
 * What JSON.parse and the schema would spend unbounded work on, found by one pass over the text
 * first: nesting deeper than any contract shape (each nested array costs ~60 bytes), or more values
 * than any contract body holds (a 1 MiB list of 500,000 zeros, 50,000 unknown properties).
 */
function scanShape(text: string, maxValues: number): { problem?: string; objects: number } {
  let depth = 0;
  let values = 1;
  let objects = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (code === 0x7b) objects++;
      if (++depth > MAX_INPUT_DEPTH)
        return { problem: `The request body nests more than ${MAX_INPUT_DEPTH} levels deep`, objects };
    } else if (code === 0x5d || code === 0x7d) depth--;
    else if (code === 0x2c && ++values > maxValues) {
      return {
        problem: `The request body holds more than ${maxValues.toLocaleString("en")} values`,
        objects,
      };
    }
  }
  return { objects };
}

const UTF8_DECODER = new TextDecoder("utf-8", { fatal: true });

async function readText(request: ApiRequest, maxBytes: number): Promise<string> {
  const contentType = request.header("content-type");
  if (!isAcceptedJsonType(contentType)) throw unsupportedMediaType();
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw validationError([`charset ${charset.slice(0, 40)} is not supported: send the body as UTF-8`]);
  }
  const bytes = await request.readBody(maxBytes);
  try {
    return UTF8_DECODER.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw validationError(["The request body is not valid UTF-8"]);
  }
}

/** The body's text, found sound to parse: its shape and how many objects parsing it makes. */
function checkedShape(text: string, maxValues: number): { objects: number } {
  if (text.trim() === "") throw validationError(["The request body is empty"]);
  const { problem, objects } = scanShape(text, maxValues);
  if (problem) throw validationError([problem]);
  return { objects };
}

/** The body's value, or the 400 of a body that is not JSON or holds text no database stores. */
export function parseJson(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError(["The request body is not valid JSON"]);
  }
  const problem = findUnstorableText(body);
  if (problem)
    throw validationError([problem.path ? `${problem.path}: ${problem.message}` : problem.message]);
  return body;
}

/** How an operation turns its body's text into its input, and what that holds at its peak. */
export interface BodyReader<T> {
  /** May take turns with other requests (a send's 10,000 items are checked a batch at a time). */
  read(text: string): T | Promise<T>;
  /** The peak heap of reading and serving a body of `bytes` holding `objects` objects (lib/infrastructure/admission.ts). */
  cost(bytes: number, objects: number): number;
}

/** Every operation's reader but a send's: JSON.parse of the whole text, then `check` (the schema). */
export const parsedBody = <T>(check: (body: unknown) => T): BodyReader<T> => ({
  read: (text) => check(parseJson(text)),
  cost: costOfBody,
});

/**
 * Reads the body (through a gate of its own, so that slow senders hold at most a few slots, each for
 * at most the fast path's body timeout), turns it into the operation's input (`reader`) and
 * hands that to `then` (the operation). A large body's parse and operation run within the heavy-work
 * budget (lib/infrastructure/admission.ts), held until the operation has answered: what a send holds lives that
 * long, not only while it is parsed. Over the budget it waits its turn, or is refused (ServerBusy).
 */
export async function withJsonBody<T, R>(
  request: ApiRequest,
  reader: BodyReader<T>,
  limits: BodyLimits,
  then: (value: T) => Promise<R>,
): Promise<R> {
  const declared = Number(request.header("content-length"));
  const small = Number.isFinite(declared) && declared > 0 && declared <= LARGE_BODY_BYTES;
  if (small) {
    const text = await readText(request, limits.bytes);
    checkedShape(text, limits.values);
    return then(await reader.read(text));
  }
  let text = await largeBodyReadGate(() => readText(request, limits.bytes));
  const { objects } = checkedShape(text, limits.values);
  return admitHeavyWork(reader.cost(text.length, objects), async () => {
    const value = await reader.read(text);
    text = ""; // the input is what the operation needs (a list read item by item keeps the text itself)
    return then(value);
  });
}
