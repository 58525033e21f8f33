/**
 * Reading a JSON request body with bounded memory and time, whatever a provider sends: the
 * contract's content types and UTF-8 only, nesting refused before parsing, and large bodies parsed a
 * few at a time. A parsed 1 MiB hostile body costs up to ~30 MB of heap (500,000 nested arrays, or
 * half a million list items); the gate caps how many such bodies exist at once, so twenty
 * concurrent ones queue instead of exhausting the heap. Small bodies never wait.
 */
import { MAX_BODY_BYTES } from "../config";
import { MAX_INPUT_DEPTH, findUnstorableText } from "../contract/stored-text";
import type { ApiRequest } from "./endpoint";
import { unsupportedMediaType, validationError } from "./errors";

/** Bodies above this size take a slot of the gate; valid bodies of the contract are far smaller. */
const LARGE_BODY_BYTES = 64 * 1024;
const LARGE_BODIES_AT_ONCE = 4;

/** The contract's four content types; `application/*+json` is any +json subtype. Parameters allowed. */
export function isAcceptedJsonType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (!mediaType) return false;
  return (
    mediaType === "application/json" ||
    mediaType === "text/json" ||
    /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType)
  );
}

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
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
const largeBodyGate = gate(LARGE_BODIES_AT_ONCE);

/**
 * Nesting deeper than any contract shape, found by one pass over the text before JSON.parse builds
 * the nested arrays (which would cost ~60 bytes each).
 */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > MAX_INPUT_DEPTH) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}

const UTF8_DECODER = new TextDecoder("utf-8", { fatal: true });

async function readText(request: ApiRequest): Promise<string> {
  const contentType = request.header("content-type");
  if (!isAcceptedJsonType(contentType)) throw unsupportedMediaType();
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw validationError([`charset ${charset.slice(0, 40)} is not supported: send the body as UTF-8`]);
  }
  const bytes = await request.readBody(MAX_BODY_BYTES);
  try {
    return UTF8_DECODER.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw validationError(["The request body is not valid UTF-8"]);
  }
}

function parse(text: string): unknown {
  if (text.trim() === "") throw validationError(["The request body is empty"]);
  if (nestsTooDeep(text))
    throw validationError([`The request body nests more than ${MAX_INPUT_DEPTH} levels deep`]);
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

/**
 * Reads, parses and hands the body to `use` (the schema check), all inside the gate for a large
 * body, so that the parsed value is dropped before the next large body is parsed.
 */
export async function withJsonBody<T>(request: ApiRequest, use: (body: unknown) => T): Promise<T> {
  const declared = Number(request.header("content-length"));
  const small = Number.isFinite(declared) && declared > 0 && declared <= LARGE_BODY_BYTES;
  const work = async () => use(parse(await readText(request)));
  return small ? work() : largeBodyGate(work);
}
