"use client";
/**
 * Asks before a consequential action (revoking a key, switching a channel offline). A native modal
 * <dialog>: the browser traps focus, Escape cancels, and focus returns to the trigger afterwards.
 */
import { useTranslations } from "next-intl";
import { type ReactNode, useId, useRef } from "react";
import { Button } from "./button";

export function ConfirmDialog({
  trigger,
  title,
  children,
  confirmLabel,
  tone = "primary",
  pending = false,
  onConfirm,
}: {
  /** Renders the button that opens the dialog. */
  trigger: (open: () => void) => ReactNode;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  pending?: boolean;
  onConfirm: () => void | Promise<void>;
}) {
  const t = useTranslations("ui");
  const dialog = useRef<HTMLDialogElement>(null);
  // An id of its own: the title as an id split at its spaces into several ids, naming no dialog.
  const titleId = useId();
  const close = () => dialog.current?.close();
  return (
    <>
      {trigger(() => dialog.current?.showModal())}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            <Button
              variant={tone}
              pending={pending}
              onClick={async () => {
                await onConfirm();
                close();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
