/** The audit page's CSV export, with the page's filters: for users who may read the trail, else 404. */
import { currentUser } from "@/lib/auth/session";
import { auditFiltersOf } from "@/lib/contract/audit";
import { auditCsv } from "@/lib/domain/audit-csv";
import { can } from "@/lib/domain/permissions";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user || !can(user.actor, "audit.read")) return new Response("Not found", { status: 404 });
  const filters = auditFiltersOf(Object.fromEntries(new URL(request.url).searchParams));
  const rows = auditCsv(user.actor, filters);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(new TextEncoder().encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="audit-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
