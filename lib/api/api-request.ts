/**
 * What an endpoint sees of a request, whichever server received it (Next's route files or the
 * node:http fast path). Its own module so that the endpoint and the body reader share it without
 * importing each other.
 */
export interface ApiRequest {
  method: string;
  path: string;
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  /** The raw body, at most `limit` bytes; rejects with a 413 ApiError beyond that. */
  readBody(limit: number): Promise<Uint8Array>;
  params: Record<string, string>;
  /** The query string without its `?` ("" when none): the platform API's list filters. */
  query?: string;
}
