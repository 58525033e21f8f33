/**
 * Sends a statement upload and follows its answer (lib/portal/statement-upload-stream.ts): the bytes
 * sent while the file goes up, then each progress line the server streams, then the result. XHR, not
 * fetch: only XHR reports an upload's progress.
 */
import type { UploadOutcome, UploadProgress } from "@/lib/domain/reconciliation";
import type { ActionResult } from "@/lib/portal/action-result";

export type UploadStep = { stage: "sending"; percent: number } | UploadProgress;

export function sendStatementUpload(
  body: unknown,
  onStep: (step: UploadStep) => void,
): Promise<ActionResult<UploadOutcome> | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    let read = 0;
    let result: ActionResult<UploadOutcome> | null = null;
    const readLines = () => {
      const text = request.responseText;
      for (let end = text.indexOf("\n", read); end !== -1; end = text.indexOf("\n", read)) {
        const line = JSON.parse(text.slice(read, end)) as
          | { progress: UploadProgress }
          | { result: ActionResult<UploadOutcome> };
        read = end + 1;
        if ("progress" in line) onStep(line.progress);
        else result = line.result;
      }
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onStep({ stage: "sending", percent: Math.floor((event.loaded / event.total) * 100) });
    };
    request.onprogress = () => request.status === 200 && readLines();
    request.onload = () => {
      if (request.status === 200) readLines();
      resolve(result);
    };
    // A dropped connection: the caller says the upload did not finish (an upload is one transaction
    // per step and the same file again is the same upload, so trying again is safe).
    request.onerror = () => resolve(null);
    request.open("POST", "/admin/statement/uploads/send");
    request.setRequestHeader("content-type", "application/json");
    request.send(JSON.stringify(body));
  });
}
