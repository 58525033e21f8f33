"use client";
/**
 * The confirmation before a delivery request is sent: how many deliveries, the total, each budget
 * that applies with what remains now and after. An identical batch sent to the channel within 24 h
 * needs a second, explicit confirmation (a checkbox) before the send button works.
 */
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { CaptionedTable } from "@/components/ui/table";
import type { SendPreview } from "@/lib/contract/forms/delivery-requests";

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
  const [again, setAgain] = useState(false);
  const duplicate = preview?.duplicateOf;
  const overBudget = preview?.budgets.find((budget) => budget.exceeded);
  const close = () => {
    setAgain(false);
    onCancel();
  };
  return (
    <Modal open={preview !== null} title="Send this delivery request?" onClose={close}>
      {preview && (
        <div className="space-y-3">
          <p>
            <strong>{preview.count}</strong> {preview.count === "1" ? "delivery" : "deliveries"} totalling{" "}
            <strong>{preview.total}</strong> to {preview.channelName}.
          </p>
          <CaptionedTable
            caption="Budgets that apply"
            columns={[
              { label: "Budget that applies" },
              { label: "Remaining now" },
              { label: "Remaining after" },
            ]}
            look={{ table: "w-full text-left", head: "text-xs text-slate-600", th: "" }}
          >
            {preview.budgets.map((budget) => (
              <tr key={budget.label} className={budget.exceeded ? "text-red-800" : undefined}>
                <th scope="row" className="font-normal">
                  {budget.label}
                </th>
                <td>{budget.remaining}</td>
                <td>{budget.remainingAfter}</td>
              </tr>
            ))}
          </CaptionedTable>
          {preview.approvalsRequired > 0 && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3">
              Above the program&apos;s approval threshold: the amount is reserved now, and the request goes to
              the provider after {preview.approvalsRequired} finance approval(s) from people other than you.
            </p>
          )}
          {overBudget && (
            <p role="alert" className="text-red-800">
              {overBudget.label}: not enough remains, so this request would be refused.
            </p>
          )}
          {duplicate && (
            <div role="alert" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3">
              <p>
                An identical batch was sent to this channel at {duplicate.sentAt}:{" "}
                <Link className="text-blue-800 underline" href={duplicate.href}>
                  {duplicate.description}
                </Link>
                . Sending it again pays these beneficiaries twice.
              </p>
              <label className="flex items-center gap-2 font-medium">
                <input type="checkbox" checked={again} onChange={(e) => setAgain(e.target.checked)} />
                Yes, send this identical batch again
              </label>
            </div>
          )}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={(duplicate !== null && !again) || overBudget !== undefined}
              pending={pending}
              onClick={() => onConfirm(again)}
            >
              Confirm and send
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
