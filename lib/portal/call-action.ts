/**
 * Calls a server action from the browser. A dropped connection or a restarting server makes the
 * call itself throw; this turns that into a failed result, so every form shows a toast instead of
 * an unhandled error. The write may still have happened, so the message says how to find out.
 */
import type { ActionResult } from "./action-result";

const NO_ANSWER =
  "No answer from the server. Check your connection; if you were saving, reload the page to see whether it was saved before trying again.";

export async function callAction<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, error: NO_ANSWER };
  }
}
