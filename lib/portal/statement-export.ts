/** A statement's CSV as both portals' export routes answer it, and their answer to a refused query. */
import { csvDownload } from "./csv-download";

/** The statement's CSV text as an attachment named statement-<today>.csv. */
export function statementDownload(csv: string): Response {
  async function* once() {
    yield csv;
  }
  return csvDownload(once(), "statement");
}

/** 400, each problem on its line as "field: message" (the export has no page to show them on). */
export const queryRefused = (problems: Array<{ field: string; message: string }>) =>
  new Response(problems.map((problem) => `${problem.field}: ${problem.message}`).join("\n"), {
    status: 400,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
