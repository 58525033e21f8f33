"use client";
/**
 * A button that opens a dialog, and the dialog's Cancel/submit row: the shape of every "do this, in a
 * dialog" control. The body is mounted only while the dialog is open (Modal), so each opening starts
 * afresh; it gets `close` to call when it is done.
 */
import { type ReactNode, useState } from "react";
import { Button } from "./button";
import { Modal } from "./modal";

export function DialogButton({
  label,
  title,
  children,
}: {
  label: string;
  title: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title={title} onClose={close}>
        {children(close)}
      </Modal>
    </>
  );
}

/** The dialog form's last row: Cancel, then the submit button (pending while the action runs). */
export function DialogActions({
  cancel,
  submit,
  pending,
  onCancel,
}: {
  cancel: string;
  submit: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        {cancel}
      </Button>
      <Button type="submit" pending={pending}>
        {submit}
      </Button>
    </div>
  );
}
