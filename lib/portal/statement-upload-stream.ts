/**
 * The statement upload's answer as the browser reads it while the work goes on (issue 32, item 3):
 * newline-delimited JSON, a `{"progress": …}` line per step of the upload, then one `{"result": …}`
 * line, the same ActionResult a server action answers. A 100,000-line file takes seconds: the form
 * shows how far it got instead of a spinner.
 */
import "server-only";
import type { StatementUploadInput } from "../contract/reconciliation/statement-upload-schema";
import { statementUploadSchema } from "../contract/reconciliation/statement-upload-schema";
import { say } from "../contract/validation-messages";
import { tooMany } from "../domain/errors";
import type { Actor } from "../domain/permissions";
import { type UploadOutcome, type UploadProgress, uploadStatement } from "../domain/reconciliation";
import { admitHeavyWork, costOfStatement, ServerBusy } from "../infrastructure/admission";
import { type ActionResult, parseInput, runAction, succeed } from "./action-result";

export type UploadStreamLine = { progress: UploadProgress } | { result: ActionResult<UploadOutcome> };

/** Runs the upload of `body` for `actor`, streaming its progress and then its result. */
export function statementUploadStream(actor: Actor, body: unknown): Response {
  const encoder = new TextEncoder();
  // The reader may leave (a closed tab, a dropped connection): the upload goes on to its end, so
  // that what it applied is recorded with its result (in the recent uploads), and nothing more is sent.
  let reading = true;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: UploadStreamLine) => {
        if (!reading) return;
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          reading = false;
        }
      };
      const result = await runAction(async () => {
        const parsed = parseInput(statementUploadSchema, body);
        if ("failure" in parsed) return parsed.failure;
        return succeed(
          await withinBudget(parsed.data, () =>
            uploadStatement(actor, parsed.data, (progress) => send({ progress })),
          ),
        );
      });
      send({ result });
      if (reading) controller.close();
    },
    cancel() {
      reading = false;
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}

/** A file's work within the server's heavy-work budget, as a CSV send's (lib/infrastructure/admission.ts). */
async function withinBudget<T>(input: StatementUploadInput, work: () => Promise<T>): Promise<T> {
  try {
    return await admitHeavyWork(costOfStatement(input.csv.length), work);
  } catch (error) {
    if (error instanceof ServerBusy)
      throw tooMany(say("serverBusyTryAgain", { seconds: error.retryAfterSeconds }));
    throw error;
  }
}
