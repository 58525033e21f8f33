/** The statement template (issue 32, item 3): the columns a provider's file is read by without a mapping. */
import { currentUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { statementTemplateCsv } from "@/lib/domain/reconciliation";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const user = await currentUser();
  if (!user || !can(user.actor, "console.read")) return new Response("Not found", { status: 404 });
  return new Response(statementTemplateCsv(), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="statement-template.csv"',
      "cache-control": "no-store",
    },
  });
}
