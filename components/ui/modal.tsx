"use client";
/**
 * A native modal <dialog> shown while `open` is true: the browser traps focus, Escape (or Cancel)
 * calls onClose, and focus returns to what opened it. For dialogs whose content comes from state
 * (a confirmation showing a preview, a form asking for a reason), unlike ConfirmDialog's fixed text.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

export function Modal({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-700">{children}</div>
        </div>
      )}
    </dialog>
  );
}
