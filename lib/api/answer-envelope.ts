/**
 * The contract's envelope for every API answer: `{"error": null, "data": …, "status": "success"}`
 * or `{"error": {…}, "data": null, "status": "failed"}`, as ApiResults the adapters send as they are.
 */
import { log } from "../log";
import type { ApiError } from "./api-errors";
import type { ApiRequest } from "./api-request";

export interface ApiResult {
  status: number;
  /** Already-serialized JSON, so that static answers (lookups) are encoded once. */
  json: string;
  /** `json` already encoded as UTF-8, when the answer is static (lookups): sent as is. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

/** `{ rawData }` lets an endpoint hand over JSON it already serialized (served from memory). */
export interface RawData {
  rawData: string;
}
const isRawData = (value: unknown): value is RawData =>
  typeof value === "object" && value !== null && "rawData" in value;

const envelopeOf = (dataJson: string) => `{"error":null,"data":${dataJson},"status":"success"}`;
/** Static answers, enveloped and encoded once; keyed by the (few, long-lived) rawData strings. */
const staticAnswers = new Map<string, ApiResult>();

export function success(data: unknown): ApiResult {
  if (!isRawData(data)) return { status: 200, json: envelopeOf(JSON.stringify(data)) };
  let answer = staticAnswers.get(data.rawData);
  if (!answer) {
    const json = envelopeOf(data.rawData);
    answer = Object.freeze({ status: 200, json, bytes: Buffer.from(json) });
    if (staticAnswers.size < 64) staticAnswers.set(data.rawData, answer);
  }
  return answer;
}

export function failure(
  error: ApiError,
  request?: Pick<ApiRequest, "method" | "path">,
  cause?: unknown,
): ApiResult {
  const errorObject = error.toErrorObject();
  const fields = {
    guid: errorObject.guid,
    status: error.status,
    method: request?.method,
    path: request?.path,
  };
  if (error.status >= 500 && error.reportsState) log.warn({ ...fields, detail: error.detail }, error.title);
  else if (error.status >= 500) log.error({ ...fields, err: cause }, error.title);
  else log.info({ ...fields, type: error.type, detail: error.detail }, error.title);
  const headers: Record<string, string> =
    error.status === 405 && error.detail ? { allow: error.detail.slice(9) } : {};
  // After a body timeout the rest of the body may still be on its way: start afresh.
  if (error.status === 408) headers.connection = "close";
  return {
    status: error.status,
    json: JSON.stringify({ error: errorObject, data: null, status: "failed" }),
    headers,
  };
}
