/** The console statement's CSV, with the page's query: for platform users, else 404; a bad query is a 400. */
import { currentUser } from "@/lib/auth/session";
import { DomainError } from "@/lib/domain/errors";
import { can } from "@/lib/domain/permissions";
import { periodOf, statement, statementCsv } from "@/lib/domain/reconciliation";
import { queryRefused, statementDownload } from "@/lib/portal/statement-export";
import { consoleStatementQuery, queryProblems } from "@/lib/portal/statement-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user || !can(user.actor, "console.read")) return new Response("Not found", { status: 404 });
  const { parsed } = consoleStatementQuery(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return queryRefused(queryProblems(parsed.error));
  const query = parsed.data;
  try {
    const units = await statement(user.actor, {
      providerId: query.provider,
      programId: query.program,
      ...periodOf(query),
    });
    const heading = {
      provider: query.provider ?? null,
      program: query.program ?? null,
      from: query.from,
      to: query.to,
    };
    return statementDownload(statementCsv(heading, units, true));
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      return new Response("Not found", { status: 404 });
    throw error;
  }
}
