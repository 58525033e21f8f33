/**
 * Each API key's last requests, as its provider reads them in the portal. They are written through
 * a buffer in memory (lib/infrastructure/key-request-buffer.ts), each key trimmed to KEEP_PER_KEY.
 */
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { notFound } from "../errors";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorizeProvider } from "../permissions";

const PAGE_SIZE = 50;

/** One page of a key's logged requests, newest first; another provider's key is not found. */
export async function keyRequestLog(actor: Actor, apiKeyId: string, query: PageQuery) {
  const providerId = authorizeProvider(actor, "provider.read");
  const key = await db().apiKey.findFirst({ where: { id: apiKeyId, providerId }, select: { id: true } });
  if (!key) throw notFound(say("noSuchKey"));
  const filter = { apiKeyId };
  return readKeysetPage({
    query,
    pageSize: PAGE_SIZE,
    key: { field: "id", direction: "desc", kind: "text" },
    table: db().apiKeyRequest,
    filter,
    rows: ({ where, orderBy, take }) => db().apiKeyRequest.findMany({ where, orderBy, take }),
  });
}
