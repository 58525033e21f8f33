/**
 * A server action's arguments, read before Next decodes them. React's decodeReply refuses arguments
 * whose arrays (with the strings directly in them) hold more than a million slots, and Next turns
 * that refusal into a 500 before any action runs. No page sends such arguments (a delivery CSV
 * travels inside an object, which React does not count), so a body past the budget is refused here
 * with 413, and any other is handed back to Next as the body it reads (its `actionBody` request meta).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** React's default `arraySizeLimit` (react-server-dom-webpack's createResponse). */
const REACT_ARRAY_SLOT_LIMIT = 1_000_000;

/** next.config.js's `serverActions.bodySizeLimit` ("6mb"): Next would refuse a longer body anyway. */
const ACTION_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

const NEXT_REQUEST_META = Symbol.for("NextInternalRequestMeta");

/**
 * The array slots of a decoded argument row, counted as React counts them (`bumpArrayCount`): an
 * array adds its length + 1, a string directly in an array its length. React counts each outermost
 * array apart and an object starts a new count; this adds them all, which can only refuse more.
 * Iterative, so a deeply nested row cannot exhaust the stack.
 */
export function arraySlots(row: unknown): number {
  let slots = 0;
  const pending: unknown[] = [row];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      slots += value.length + 1;
      for (const item of value) {
        if (typeof item === "string") slots += item.length;
        else if (typeof item === "object" && item !== null) pending.push(item);
      }
    } else if (typeof value === "object" && value !== null) {
      for (const item of Object.values(value))
        if (typeof item === "object" && item !== null) pending.push(item);
    }
    if (slots > REACT_ARRAY_SLOT_LIMIT) return slots;
  }
  return slots;
}

/** The rows React would decode from an action body: the whole text, or each text field of a multipart form. */
async function argumentRows(body: Buffer, contentType: string): Promise<unknown[]> {
  const texts = contentType.startsWith("multipart/form-data")
    ? [
        ...(
          await new Response(new Uint8Array(body), {
            headers: { "content-type": contentType },
          }).formData()
        ).values(),
      ].filter((field): field is string => typeof field === "string")
    : [body.toString("utf8")];
  return texts.map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null; // Not JSON: React reads it as it reads any other bad body, with no array to count.
    }
  });
}

async function overBudget(body: Buffer, contentType: string): Promise<boolean> {
  try {
    let slots = 0;
    for (const row of await argumentRows(body, contentType)) slots += arraySlots(row);
    return slots > REACT_ARRAY_SLOT_LIMIT;
  } catch {
    return false; // A form that does not parse: Next refuses it with its own answer, below 500.
  }
}

/** A client that went away before its body was whole: nobody is left to answer. */
const GONE = Symbol("gone");

/** The request's body, or undefined once it passes `limit` bytes (the rest is left unread), or GONE. */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined | typeof GONE> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    request.on("data", (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        request.removeAllListeners("data");
        request.pause();
        resolve(undefined);
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", () => resolve(GONE));
  });
}

/**
 * Reads a server action's body and answers 413 when it is too long or its arguments are past
 * React's budget; otherwise stores it for Next and answers false, and the caller hands the request on.
 */
export async function refuseOverBudgetAction(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const body = await readBody(request, ACTION_BODY_LIMIT_BYTES);
  if (body === GONE) {
    response.destroy();
    return true;
  }
  const refusal =
    body === undefined
      ? "The request body is longer than 6 MB."
      : (await overBudget(body, request.headers["content-type"] ?? ""))
        ? "The arguments hold more than a million list items and characters."
        : undefined;
  if (refusal) {
    response
      .writeHead(413, { "content-type": "text/plain; charset=utf-8", connection: "close" })
      .end(refusal);
    return true;
  }
  const meta = (request as unknown as Record<symbol, Record<string, unknown> | undefined>)[NEXT_REQUEST_META];
  (request as unknown as Record<symbol, unknown>)[NEXT_REQUEST_META] = { ...meta, actionBody: body };
  return false;
}
