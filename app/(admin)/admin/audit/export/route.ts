/** The audit page's CSV export, with the page's filters: for users who may read the trail, else 404. */
import { currentUser } from "@/lib/auth/session";
import { auditFiltersOf } from "@/lib/contract/audit-filters";
import { auditCsv } from "@/lib/domain/audit";
import { can } from "@/lib/domain/permissions";
import { csvDownload } from "@/lib/portal/csv-download";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const user = await currentUser();
  if (!user || !can(user.actor, "audit.read")) return new Response("Not found", { status: 404 });
  const filters = auditFiltersOf(Object.fromEntries(new URL(request.url).searchParams));
  return csvDownload(auditCsv(user.actor, filters), "audit");
}
