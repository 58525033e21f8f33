/**
 * `npm run audit:verify`: checks the audit trail's hash chain (lib/domain/audit/verify.ts) in the
 * database DATABASE_URL names. Prints what it checked; exits 1 and names each broken position when
 * a row was edited or deleted, 0 when the chain is whole.
 */
import { verifyAuditChain } from "../lib/domain/audit";
import { formatCount } from "../lib/format";
import { runCli } from "./cli";

async function main() {
  const report = await verifyAuditChain();
  const unchained = report.unchained
    ? `, ${formatCount(report.unchained)} written before the chain began`
    : "";
  console.log(`Audit trail: ${formatCount(report.checked)} chained entries checked${unchained}.`);
  if (report.problems.length === 0) {
    // The head's hash, to keep elsewhere: a later run whose chain no longer reaches it was rewritten.
    console.log(
      `The chain is whole: head at position ${report.head?.seq ?? 0}, hash ${report.head?.hash || "(none)"}.`,
    );
    return;
  }
  for (const { seq, problem } of report.problems) console.error(`✖ position ${seq}: ${problem}`);
  console.error(`The audit trail was changed: ${report.problems.length} problem(s).`);
  process.exitCode = 1;
}

runCli("verify the audit trail", main);
