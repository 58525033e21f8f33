import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { dayOf, lastDayOf } from "@/components/reconciliation/period-days";
import { BreakTable, UploadSummaryTable } from "@/components/reconciliation/upload-result";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { DomainError } from "@/lib/domain/errors";
import { statementUpload } from "@/lib/domain/reconciliation";
import { isolated } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement.upload");
  return { title: t("resultTitle") };
}

async function uploadOr404(actor: Parameters<typeof statementUpload>[0], uploadId: string) {
  try {
    return await statementUpload(actor, uploadId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
}

/** One upload of a provider's statement (issue 32, item 3): what each class holds, and its breaks. */
export default async function StatementUploadPage({ params }: { params: Promise<{ uploadId: string }> }) {
  const user = await requirePlatformUser();
  const t = await getTranslations("statement.upload");
  const format = await getFormat();
  const upload = await uploadOr404(user.actor, (await params).uploadId);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.statementUpload" />}
        title={t("resultTitle")}
        description={t("resultDescription", {
          // Each isolated: in Arabic a day or a file name beside the sentence's words keeps its order.
          provider: isolated(upload.provider.name),
          from: isolated(dayOf(upload.periodStart)),
          to: isolated(lastDayOf(upload.periodEnd)),
          file: isolated(upload.fileName),
          user: isolated(upload.uploadedByEmail),
          when: isolated(format.dateTime(upload.createdAt)),
        })}
        actions={
          <Link className={buttonClass("secondary")} href="/admin/statement/uploads">
            {t("backToUploads")}
          </Link>
        }
      />
      <UploadSummaryTable summary={upload.summary} />
      <p className="mt-3 text-sm text-slate-700">{t("applied", { count: upload.appliedCount })}</p>
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">{t("breaksTitle")}</h2>
      {upload.breakCount === 0 ? (
        <p className="text-sm text-slate-600">{t("noBreaks")}</p>
      ) : (
        <>
          <p className="mb-3 flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <a
              className={buttonClass("secondary")}
              href={`/admin/statement/uploads/${upload.id}/breaks`}
              download
            >
              {t("download")}
            </a>
            {upload.breakCount > upload.breaks.length &&
              t("breaksShown", { shown: upload.breaks.length, count: upload.breakCount })}
          </p>
          <BreakTable breaks={upload.breaks} />
        </>
      )}
    </>
  );
}
