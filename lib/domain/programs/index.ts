/**
 * The programs module's public face: `@/lib/domain/programs`, assistance programs and the budgets
 * their sends reserve against. Inside lib/domain, import the file you need (./programs/budgets),
 * so that deliveries and payments, which reserve and release, never form a cycle with the program
 * pages' queries.
 *
 * - programs.ts: creating a program, its channels, the console's list and detail, its spending
 * - budgets.ts: reserving (never beyond a limit), releasing, and the budget views
 * - burn-down.ts: a budget's reserved total over time
 * - csv.ts: a program's tables as CSV
 */

export { budgetOverview } from "./budgets";
export { BURN_DOWN_POINTS, type BurnDownPoint } from "./burn-down";
export {
  addChannelToProgram,
  createProgram,
  deliveryRequestDetail,
  listPrograms,
  PROGRAMS_PAGE_SIZE,
  programDetail,
  programSpending,
  requireLiveProgram,
} from "./manage-programs";
export { PROGRAM_TABLES, type ProgramTable, programCsv } from "./program-csv";
