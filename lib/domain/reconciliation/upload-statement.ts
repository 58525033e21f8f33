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
import {
  MAX_STATEMENT_LINES,
  type StatementUploadInput,
} from "../../contract/reconciliation/statement-upload-schema";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation, takeWriteLock } from "../../db";
import { applyDeliveryOutcomesIn, type OutcomeReport } from "../deliveries";
import { conflict, invalid, notFound } from "../errors";
import { LIVE_PROVIDER } from "../live-scope";
import { fromMinor } from "../money";
import { type Actor, authorize } from "../permissions";
import { classifyLine, lineKey, type OurDelivery, type Verdict } from "./classify-lines";
import { closedPeriodOverlapping } from "./period-close";
import { saveStatementUpload } from "./save-statement-upload";
import { periodOf } from "./statement-answer";
import { type FileLine, type FileProblem, readStatementFile } from "./statement-file";
import { deliveriesNamed, sentInPeriodCount, sentInPeriodExcept } from "./statement-reads";
import { UploadTally } from "./upload-tally";

export interface UploadProgress {
  stage: "reading" | "matching" | "saving";
  done: number;
  total: number;
}

export type UploadOutcome =
  | { uploadId: string; repeated: boolean }
  | { problems: FileProblem[]; problemCount: number };

/**
 * Lines matched and applied at a time, each batch in one transaction: one Delivery/Sync report's most
 * outcomes. Batches of 5,000 committed less often and were quicker on SQLite (16 s against 20 for
 * 100,000 lines), but on PostgreSQL the server, held to its production heap (256 MB), died in the
 * middle of the largest file in a CI rehearsal (tests/api/reconciliation/largest-upload.test.ts);
 * why was not established.
 */
const APPLY_BATCH = 1000;
/** A batch's transaction, on a busy server. */
const BATCH_TIMEOUT_MS = 30_000;

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
  // Each delivery sent in the period is a line of the file or a break of its own: a period of more
  // than a file's lines cannot tie out in one file, and its breaks would be unbounded.
  const sent = await sentInPeriodCount(provider.id, period);
  if (sent > MAX_STATEMENT_LINES)
    throw invalid("to", say("periodHoldsTooManyDeliveries", { count: sent, max: MAX_STATEMENT_LINES }));

  onProgress({ stage: "reading", done: 0, total: input.csv.length });
  const { lines, problems, problemCount } = readStatementFile(input.csv, input.mapping);
  if (problemCount > 0) return { problems, problemCount };

  // A batch at a time: its lines matched against our records as they stand, classified, and their
  // outcomes applied, before the next batch is read. A delivery is only ever named again by a
  // duplicate line, which the classes of the lines before it decide (`seen`), so the answer is the
  // file's whole; only the tally outlives a batch (upload-tally.ts).
  const tally = new UploadTally();
  const seen = new Set<string>();
  const named = new Set<string>();
  let applied = 0;
  for (let start = 0; start < lines.length; start += APPLY_BATCH) {
    onProgress({ stage: "matching", done: start, total: lines.length });
    const batch = lines.slice(start, start + APPLY_BATCH);
    // Read, matched and applied in one transaction, after Sync's write lock: the records the lines
    // are classified on are those their outcomes are applied to, read once (Sync read them again).
    applied += await db().$transaction(
      async (tx) => {
        await takeWriteLock(tx);
        const ours = await deliveriesNamed(tx, provider.id, batch);
        const verdicts = classifyAll(batch, ours.of, seen);
        for (const line of batch) {
          const delivery = ours.of(line);
          if (delivery) named.add(delivery.id);
        }
        tally.addLines(batch, verdicts, ours.of);
        const reports = outcomesToApply(batch, verdicts, ours.of);
        return reports.length === 0 ? 0 : applyDeliveryOutcomesIn(tx, actor, provider.id, reports, ours.byId);
      },
      { timeout: BATCH_TIMEOUT_MS },
    );
  }
  onProgress({ stage: "saving", done: 0, total: 1 });
  try {
    const uploadId = await saveStatementUpload(
      actor,
      { ...same, fileName: input.fileName, mapping: input.mapping, lineCount: lines.length, applied },
      tally,
      (tx) => sentInPeriodExcept(tx, provider.id, period, named),
    );
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

/**
 * Each line's verdict, in the file's order: a delivery named again is a duplicate line. `seen` holds
 * the keys of the file's lines before these.
 */
function classifyAll(
  lines: FileLine[],
  ourOf: (line: FileLine) => OurDelivery | undefined,
  seen: Set<string>,
): Verdict[] {
  return lines.map((line) => {
    const ours = ourOf(line);
    const key = lineKey(line, ours);
    const verdict = classifyLine(line, ours, key !== null && seen.has(key));
    if (key !== null) seen.add(key);
    return verdict;
  });
}

/** The batch's matched outcomes Sync had not reported, as one Delivery/Sync report. */
function outcomesToApply(
  lines: FileLine[],
  verdicts: Verdict[],
  ourOf: (line: FileLine) => OurDelivery | undefined,
): OutcomeReport[] {
  return verdicts.flatMap((verdict, index): OutcomeReport[] => {
    if (verdict.kind !== "MATCHED" || verdict.apply === null) return [];
    const line = lines[index]!;
    const ours = ourOf(line)!;
    return [
      {
        deliveryId: ours.id,
        status: verdict.apply === "delivered" ? "DELIVERED" : "DELIVERY_REVERTED",
        deliveryAmount: fromMinor(line.amountMinor),
        deliveryUnit: line.unit,
        // The provider's reference, where Sync has not given one: a line names it as a report would.
        ...(line.reference && !ours.providerDeliveryId ? { providerDeliveryId: line.reference } : {}),
      },
    ];
  });
}
