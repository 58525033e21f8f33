/**
 * A program's delivery requests, deliveries or channels as CSV (lib/domain/programs/program-csv.ts): for users
 * who may read the program, else 404, as the audit trail's export answers.
 */
import { currentUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { PROGRAM_TABLES, programCsv } from "@/lib/domain/programs";
import { csvDownload } from "@/lib/portal/csv-download";

export const dynamic = "force-dynamic";

const notFound = () => new Response("Not found", { status: 404 });

export async function GET(
  request: Request,
  { params }: { params: Promise<{ programId: string; table: string }> },
): Promise<Response> {
  const user = await currentUser();
  if (!user || !can(user.actor, "console.read")) return notFound();
  const { programId, table } = await params;
  const known = PROGRAM_TABLES.find((name) => name === table);
  if (!known) return notFound();
  // The deliveries' beneficiary ids in clear for a role that may see them and says why (recorded).
  const purpose = new URL(request.url).searchParams.get("purpose") ?? undefined;
  const csv = await programCsv(user.actor, programId, known, purpose);
  if (!csv) return notFound();
  return csvDownload(csv.rows, `program-${programId}-${known}`);
}
