/** The portal statement's CSV: the member's organisation's (its sandbox in test mode); others go to sign in. */
import { requireProviderUser } from "@/lib/auth/session";
import { periodOf, providerStatement, statementCsv } from "@/lib/domain/reconciliation";
import { queryRefused, statementDownload } from "@/lib/portal/statement-export";
import { portalStatementQuery, queryProblems } from "@/lib/portal/statement-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const user = await requireProviderUser();
  const { parsed } = portalStatementQuery(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return queryRefused(queryProblems(parsed.error));
  const units = await providerStatement(user.actor, periodOf(parsed.data));
  const heading = { provider: user.providerId, program: null, from: parsed.data.from, to: parsed.data.to };
  return statementDownload(statementCsv(heading, units, false));
}
