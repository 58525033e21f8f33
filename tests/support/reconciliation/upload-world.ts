/**
 * The statement-upload tests' world (tests/domain/reconciliation/statement-upload*.test.ts): a
 * provider sent 100.00, 50.00 and 30.00 EUR today, a file of the template's columns, and an upload of
 * it by a finance approver for today.
 */
import { DEFAULT_STATEMENT_MAPPING } from "../../../lib/contract/reconciliation/statement-upload-schema";
import { db } from "../../../lib/db";
import { statementUpload, uploadStatement } from "../../../lib/domain/reconciliation";
import { delivery, sendThrough, servingChannel } from "../money/money-setup";
import { userActor } from "../users/actors";

export const FINANCE = userActor(["finance_approver"], "finance-uploader");
export const today = new Date().toISOString().slice(0, 10);

/** A provider with one request of 100.00, 50.00 and 30.00 EUR sent today. */
export async function sentThree() {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 });
  const sent = await sendThrough(setup, "Statement", [delivery(100), delivery(50), delivery(30)]);
  const rows = await db().delivery.findMany({
    where: { deliveryRequestId: sent.deliveryRequestId },
    orderBy: { amountMinor: "desc" },
  });
  const [hundred, fifty, thirty] = rows.map((row) => row.id) as [string, string, string];
  return { setup, hundred, fifty, thirty };
}

export const csv = (...lines: string[]) =>
  ["deliveryId,providerDeliveryId,amount,unit,status", ...lines].join("\n");

export const upload = (providerId: string, text: string, mapping = DEFAULT_STATEMENT_MAPPING) =>
  uploadStatement(FINANCE, {
    provider: providerId,
    from: today,
    to: today,
    fileName: "statement.csv",
    mapping,
    csv: text,
  });

/** The upload's result page data; fails the test when the file was refused. */
export async function uploaded(providerId: string, text: string, mapping = DEFAULT_STATEMENT_MAPPING) {
  const outcome = await upload(providerId, text, mapping);
  if (!("uploadId" in outcome)) throw new Error(`refused: ${JSON.stringify(outcome.problems)}`);
  return { ...(await statementUpload(FINANCE, outcome.uploadId)), repeated: outcome.repeated };
}
