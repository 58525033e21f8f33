/**
 * POST: a provider's statement file, uploaded by a finance approver (issue 32, item 3), answered as a
 * stream of progress lines and the result (lib/portal/statement-upload-stream.ts). A request from
 * another origin, or without one, is refused: the browser's own form always sends its origin.
 */
import { currentUser } from "@/lib/auth/session";
import { MAX_STATEMENT_BYTES } from "@/lib/contract/reconciliation/statement-upload-schema";
import { can } from "@/lib/domain/permissions";
import { statementUploadStream } from "@/lib/portal/statement-upload-stream";

export const dynamic = "force-dynamic";

/** The file and the form's few fields around it. */
const MAX_BODY = MAX_STATEMENT_BYTES + 100_000;

const answer = (status: number, text: string) => new Response(text, { status });

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  try {
    return origin !== null && new URL(origin).host === request.headers.get("host")?.toLowerCase();
  } catch {
    return false;
  }
}

export async function POST(request: Request): Promise<Response> {
  if (!sameOrigin(request)) return answer(403, "Forbidden");
  const user = await currentUser();
  if (!user || !can(user.actor, "console.read")) return answer(404, "Not found");
  if (!can(user.actor, "reconciliation.upload")) return answer(403, "Forbidden");
  if (Number(request.headers.get("content-length")) > MAX_BODY) return answer(413, "Payload too large");
  const text = await request.text();
  if (text.length > MAX_BODY) return answer(413, "Payload too large");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400, "Bad request");
  }
  return statementUploadStream(user.actor, body);
}
