"use client";
/**
 * Closing a provider's period (issue 32, item 6): the button that asks first (closing is for good),
 * and a closed period's notice with its exceptions — outcomes of its deliveries reported later.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cellClass, DataTable } from "@/components/ui/table";
import { isolated } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function ClosePeriodButton({
  period,
  close,
}: {
  period: { provider: string; from: string; to: string };
  close: Action;
}) {
  const t = useTranslations("statement.close");
  const closing = useAction(close, { success: t("done") });
  return (
    <div className="mt-6 space-y-2">
      <p className="text-sm text-slate-600">{t("hint")}</p>
      <ConfirmDialog
        title={t("confirmTitle")}
        confirmLabel={t("button")}
        pending={closing.pending}
        onConfirm={async () => {
          await closing.run(period);
        }}
        trigger={(open) => (
          <Button variant="secondary" onClick={open}>
            {t("button")}
          </Button>
        )}
      >
        <p>{t("confirmBody")}</p>
      </ConfirmDialog>
    </div>
  );
}

export interface ClosedPeriodView {
  closedAt: Date;
  closedBy: string;
  statementHash: string;
  stillTiesOut: boolean;
  exceptionCount: number;
  exceptions: Array<{
    id: string;
    status: string;
    amountMinor: bigint;
    deliveredAmountMinor: bigint | null;
    deliveredAt: Date | null;
    revertedAt: Date | null;
    refundRequestedAt: Date | null;
    unit: string;
  }>;
}

export function ClosedPeriodNotice({ closed }: { closed: ClosedPeriodView }) {
  const t = useTranslations("statement.close");
  const format = useFormat();
  const latest = (row: ClosedPeriodView["exceptions"][number]) =>
    new Date(
      Math.max(
        ...[row.deliveredAt, row.revertedAt, row.refundRequestedAt].flatMap((at) =>
          at ? [at.getTime()] : [],
        ),
      ),
    );
  return (
    <div className="mb-4 space-y-2 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm">
      <p className="font-medium">
        {t("closed", { when: isolated(format.dateTime(closed.closedAt)), user: isolated(closed.closedBy) })}
      </p>
      <p className="font-mono text-xs wrap-anywhere">{t("hash", { hash: closed.statementHash })}</p>
      <p className={closed.stillTiesOut ? "text-green-800" : "font-medium text-red-800"}>
        {closed.stillTiesOut ? t("tiesOut") : t("changed")}
      </p>
      <h2 className="pt-2 font-semibold text-slate-900">{t("exceptionsTitle")}</h2>
      {closed.exceptionCount === 0 ? (
        <p className="text-slate-600">{t("noExceptions")}</p>
      ) : (
        <>
          {closed.exceptionCount > closed.exceptions.length && (
            <p>{t("exceptionsShown", { shown: closed.exceptions.length, count: closed.exceptionCount })}</p>
          )}
          <DataTable
            caption={t("exceptionsTitle")}
            columns={[
              { label: t("columns.delivery") },
              { label: t("columns.status") },
              { label: t("columns.amount") },
              { label: t("columns.when") },
            ]}
          >
            {closed.exceptions.map((row) => (
              <tr key={row.id}>
                <td className={cellClass(undefined, "font-mono text-xs wrap-anywhere")}>{row.id}</td>
                <td className={cellClass()}>{row.status}</td>
                <td className={cellClass(undefined, "whitespace-nowrap")}>
                  {format.amount(row.deliveredAmountMinor ?? row.amountMinor, row.unit)}
                </td>
                <td className={cellClass()}>{format.dateTime(latest(row))}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </div>
  );
}
