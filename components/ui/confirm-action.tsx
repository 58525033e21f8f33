"use client";
/** A button that asks (ConfirmDialog), then runs a server action with useAction's toasts and refresh. */
import type { ReactNode } from "react";
import type { Action } from "@/lib/portal/action-result";
import { type ActionOptions, useAction } from "@/lib/portal/use-action";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

export function ConfirmAction<I, T>({
  action,
  input,
  options,
  label,
  ariaLabel,
  variant = "secondary",
  title,
  confirmLabel,
  tone = "danger",
  children,
}: {
  action: Action<T>;
  input: I;
  options: ActionOptions<I, T>;
  /** The trigger button's text and, when the text alone is ambiguous, its accessible name. */
  label: ReactNode;
  ariaLabel?: string;
  variant?: "secondary" | "ghost";
  title: string;
  confirmLabel: string;
  tone?: "primary" | "danger";
  children: ReactNode;
}) {
  const { pending, run } = useAction(action, options);
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      tone={tone}
      pending={pending}
      onConfirm={async () => {
        await run(input);
      }}
      trigger={(open) => (
        <Button variant={variant} onClick={open} aria-label={ariaLabel}>
          {label}
        </Button>
      )}
    >
      {children}
    </ConfirmDialog>
  );
}
