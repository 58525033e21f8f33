"use client";
/**
 * The confirmation before a delivery request is sent: how many deliveries, the total, each budget
 * that applies with what remains now and after. An identical batch sent to the channel within 24 h
 * needs a second, explicit confirmation (a checkbox) before the send button works.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { CaptionedTable } from "@/components/ui/table";
import type { SendPreview } from "@/lib/contract/forms/delivery-request-form";
import { withoutDirectionControls } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

export function SendConfirmation({
  preview,
  pending,
  onConfirm,
  onCancel,
}: {
  preview: SendPreview | null;
  pending: boolean;
  onConfirm: (confirmDuplicate: boolean) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("programs.confirm");
  const format = useFormat();
  const [again, setAgain] = useState(false);
  const duplicate = preview?.duplicateOf;
  const overBudget = preview?.budgets.find((budget) => budget.exceeded);
  const close = () => {
    setAgain(false);
    onCancel();
  };
  return (
    <Modal open={preview !== null} title={t("title")} onClose={close}>
      {preview && (
        <div className="space-y-3">
          <p className="wrap-anywhere">
            {t.rich("summary", {
              n: preview.count,
              count: format.count(preview.count),
              total: preview.total,
              channel: withoutDirectionControls(preview.channelName),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
          <CaptionedTable
            caption={t("budgets")}
            columns={[{ label: t("budget") }, { label: t("remainingNow") }, { label: t("remainingAfter") }]}
            look={{ table: "w-full text-start", head: "text-xs text-slate-600", th: "" }}
          >
            {preview.budgets.map((budget) => (
              <tr key={budget.label} className={budget.exceeded ? "text-red-800" : undefined}>
                <th scope="row" className="font-normal wrap-anywhere">
                  {budget.label}
                </th>
                <td>{budget.remaining}</td>
                <td>{budget.remainingAfter}</td>
              </tr>
            ))}
          </CaptionedTable>
          {preview.approvalsRequired > 0 && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3">
              {t("awaitsApproval", { count: preview.approvalsRequired })}
            </p>
          )}
          {overBudget && (
            <p role="alert" className="text-red-800">
              {t("overBudget", { budget: overBudget.label })}
            </p>
          )}
          {duplicate && (
            <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
              <p>
                {t.rich("duplicate", {
                  sentAt: duplicate.sentAt,
                  description: duplicate.description,
                  link: (chunks) => (
                    <Link className="text-blue-800 underline" href={duplicate.href}>
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
              <label className="flex items-center gap-2 font-medium">
                <input type="checkbox" checked={again} onChange={(e) => setAgain(e.target.checked)} />
                {t("again")}
              </label>
            </div>
          )}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            <Button
              disabled={(duplicate !== null && !again) || overBudget !== undefined}
              pending={pending}
              onClick={() => onConfirm(again)}
            >
              {t("submit")}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
