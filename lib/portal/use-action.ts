"use client";
/**
 * The client half of defineAction: calls a server action (through callAction, so a dropped
 * connection is a failed result), keeps the pending state, puts field errors on a react-hook-form
 * form when given one, toasts the error or the success, and refreshes the page's server data.
 */
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { ErrorOption } from "react-hook-form";
import { toast } from "sonner";
import { useValidationText } from "../i18n/use-validation-text";
import type { Action, ActionResult } from "./action-result";
import { callAction } from "./call-action";
import { formPath } from "./contract-resolver";
import { usePageMode } from "./page-mode";

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

export interface ActionOptions<I, T> {
  /** The success toast; none when absent. */
  success?: string | ((data: T, input: I) => string);
  /** What else happens on success, before the refresh. */
  onSuccess?: (data: T, input: I) => void;
  /** Where to go on success. */
  navigate?: (data: T) => string;
  /** Refresh the page's server data on success (default true). */
  refresh?: boolean;
  /** The form whose fields get the server's field errors. */
  form?: { setError: (path: never, error: ErrorOption) => void };
  /** The error toast's text; the result's message when absent. */
  failure?: (result: Failure) => string;
}

export function useAction<I, T>(action: Action<T>, options: ActionOptions<I, T> = {}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const pageMode = usePageMode();
  const inReadersLanguage = useValidationText();
  /** Runs the action; resolves with its result once the toast is shown and the refresh started. */
  const run = (input: I) =>
    new Promise<ActionResult<T>>((resolve) =>
      startTransition(async () => {
        const result = await callAction(() => (pageMode ? action(input, pageMode) : action(input)));
        if (result.ok) succeeded(result.data, input);
        else failed(result);
        resolve(result);
      }),
    );
  const succeeded = (data: T, input: I) => {
    const { success, onSuccess, navigate, refresh = true } = options;
    if (success) toast.success(typeof success === "string" ? success : success(data, input));
    onSuccess?.(data, input);
    if (navigate) router.push(navigate(data));
    if (refresh) router.refresh();
  };
  const failed = (result: Failure) => {
    for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
      options.form?.setError(formPath(path) as never, { type: "server", message });
    }
    toast.error(inReadersLanguage(options.failure ? options.failure(result) : result.error));
  };
  return { pending, run };
}
