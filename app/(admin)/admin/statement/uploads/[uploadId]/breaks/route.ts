/** An upload's break report (issue 32, item 3), as CSV: every line that does not tie out, and every delivery the file lacks. */
import { currentUser } from "@/lib/auth/session";
import { DomainError } from "@/lib/domain/errors";
import { can } from "@/lib/domain/permissions";
import { breakReportCsv } from "@/lib/domain/reconciliation";
import { csvDownload } from "@/lib/portal/csv-download";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ uploadId: string }> }) {
  const user = await currentUser();
  if (!user || !can(user.actor, "console.read")) return new Response("Not found", { status: 404 });
  const { uploadId } = await params;
  try {
    return csvDownload(await breakReportCsv(user.actor, uploadId), "statement-breaks");
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      return new Response("Not found", { status: 404 });
    throw error;
  }
}
