/** `npm run check:messages`: fails on a message key missing from any catalog (lib/i18n/catalog-check.ts). */
import { catalogProblems, unknownKeysInCode } from "../lib/i18n/catalog-check";

const problems = [
  ...catalogProblems("messages"),
  ...unknownKeysInCode(["app", "components", "lib"], "messages"),
];
for (const problem of problems) console.error(problem);
if (problems.length) {
  console.error(`✖ ${problems.length} problem(s) in the message catalogs`);
  process.exit(1);
}
console.log("✔ every catalog has every message");
