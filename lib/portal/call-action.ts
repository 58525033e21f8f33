/**
 * Calls a server action from the browser. A dropped connection or a restarting server makes the
 * call itself throw; this turns that into a failed result, so every form shows a toast instead of
 * an unhandled error. The write may still have happened, so the message says how to find out.
 */

import { say } from "../contract/validation-messages";
import type { ActionResult } from "./action-result";

const NO_ANSWER = say("noAnswer");

export async function callAction<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await call();
  } catch {
    return { ok: false, error: NO_ANSWER };
  }
}
