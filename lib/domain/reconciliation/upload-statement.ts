/**
 * Uploading a provider's own statement for a period (issue 32, item 3): the file read by the
 * provider's mapping (remembered for its next upload), each line matched to our delivery by our id
 * (else the provider's reference) and amount and unit, every line classified (classify-lines.ts),
 * the deliveries sent in the period that the file lacks found, and the outcomes it reports that Sync
 * had not applied through Sync's own code path (applyDeliveryOutcomes), so they move money exactly as
 * a provider's report would, once. The same file with the same mapping for the same period is the
 * same upload: its second upload answers the first and changes nothing.
 */
import { createHash } from "node:crypto";
import type { StatementUploadInput } from "../../contract/reconciliation/statement-upload-schema";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation } from "../../db";
import { applyDeliveryOutcomes, type OutcomeReport } from "../deliveries";
import { conflict, notFound } from "../errors";
import { LIVE_PROVIDER } from "../live-scope";
import { fromMinor } from "../money";
import { type Actor, authorize } from "../permissions";
import { classifyLine, lineKey, type OurDelivery, type Verdict } from "./classify-lines";
import { closedPeriodOverlapping } from "./period-close";
import { saveStatementUpload } from "./save-statement-upload";
import { periodOf } from "./statement-answer";
import { type FileLine, type FileProblem, readStatementFile } from "./statement-file";
import { deliveriesNamed, sentInPeriodExcept } from "./statement-reads";

export interface UploadProgress {
  stage: "reading" | "matching" | "applying" | "saving";
  done: number;
  total: number;
}

export type UploadOutcome =
  | { uploadId: string; repeated: boolean }
  | { problems: FileProblem[]; problemCount: number };

/** Outcomes applied per transaction: one Delivery/Sync report's most. */
const APPLY_BATCH = 1000;

export async function uploadStatement(
  actor: Actor,
  input: StatementUploadInput,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<UploadOutcome> {
  authorize(actor, "reconciliation.upload");
  const provider = await db().provider.findFirst({ where: { id: input.provider, ...LIVE_PROVIDER } });
  if (!provider) throw notFound(say("noSuchProvider"));
  const period = periodOf(input);
  const contentHash = createHash("sha256")
    .update(JSON.stringify(input.mapping))
    .update("\n")
    .update(input.csv)
    .digest("hex");
  const same = { providerId: provider.id, periodStart: period.start, periodEnd: period.end, contentHash };
  const earlier = await db().statementUpload.findFirst({ where: same, select: { id: true } });
  if (earlier) return { uploadId: earlier.id, repeated: true };
  // A closed period's books are shut (period-close.ts): its statement is frozen, its breaks settled.
  if (await closedPeriodOverlapping(provider.id, period.start, period.end))
    throw conflict(say("periodClosedNoUpload"));

  onProgress({ stage: "reading", done: 0, total: input.csv.length });
  const { lines, problems, problemCount } = readStatementFile(input.csv, input.mapping);
  if (problemCount > 0) return { problems, problemCount };

  onProgress({ stage: "matching", done: 0, total: lines.length });
  const ours = await deliveriesNamed(provider.id, lines);
  const verdicts = classifyAll(lines, ours.of);
  const named = new Set(lines.flatMap((line) => ours.of(line)?.id ?? []));
  const missing = await sentInPeriodExcept(provider.id, period, named);

  const applied = await applyOutcomes(actor, provider.id, lines, verdicts, ours.of, onProgress);
  onProgress({ stage: "saving", done: 0, total: 1 });
  try {
    const uploadId = await saveStatementUpload(actor, {
      ...same,
      fileName: input.fileName,
      mapping: input.mapping,
      lines,
      verdicts,
      ourOf: ours.of,
      missing,
      applied,
    });
    return { uploadId, repeated: false };
  } catch (error) {
    // The same upload, at the same moment, from another tab: one stands, both answer it. Both
    // applied outcomes, each delivery moved by one of them: what this one moved counts in the one
    // that stands.
    if (!isUniqueViolation(error)) throw error;
    const first = await db().statementUpload.update({
      where: { providerId_periodStart_periodEnd_contentHash: same },
      data: { appliedCount: { increment: applied } },
      select: { id: true },
    });
    return { uploadId: first.id, repeated: true };
  }
}

/** Each line's verdict, in the file's order: a delivery named again is a duplicate line. */
function classifyAll(lines: FileLine[], ourOf: (line: FileLine) => OurDelivery | undefined): Verdict[] {
  const seen = new Set<string>();
  return lines.map((line) => {
    const ours = ourOf(line);
    const key = lineKey(line, ours);
    const verdict = classifyLine(line, ours, key !== null && seen.has(key));
    if (key !== null) seen.add(key);
    return verdict;
  });
}

/**
 * The matched outcomes Sync had not reported, as Delivery/Sync reports a batch at a time. Answers how
 * many moved a delivery: a Sync of the same delivery that commits first leaves the upload's a no-op.
 */
async function applyOutcomes(
  actor: Actor,
  providerId: string,
  lines: FileLine[],
  verdicts: Verdict[],
  ourOf: (line: FileLine) => OurDelivery | undefined,
  onProgress: (progress: UploadProgress) => void,
): Promise<number> {
  const toApply = verdicts.flatMap((verdict, index) =>
    verdict.kind === "MATCHED" && verdict.apply !== null ? [index] : [],
  );
  const reportOf = (index: number): OutcomeReport => {
    const line = lines[index]!;
    const ours = ourOf(line)!;
    return {
      deliveryId: ours.id,
      status:
        (verdicts[index] as { apply: string }).apply === "delivered" ? "DELIVERED" : "DELIVERY_REVERTED",
      deliveryAmount: fromMinor(line.amountMinor),
      deliveryUnit: line.unit,
      // The provider's reference, where Sync has not given one: a line names it as a report would.
      ...(line.reference && !ours.providerDeliveryId ? { providerDeliveryId: line.reference } : {}),
    };
  };
  let moved = 0;
  // Each batch's reports made when it is applied: 100,000 of them at once were 10 MB more of heap.
  for (let i = 0; i < toApply.length; i += APPLY_BATCH) {
    onProgress({ stage: "applying", done: i, total: toApply.length });
    moved += await applyDeliveryOutcomes(actor, providerId, toApply.slice(i, i + APPLY_BATCH).map(reportOf));
  }
  return moved;
}
