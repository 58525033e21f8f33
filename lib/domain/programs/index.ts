/**
 * Assistance programs: `@/lib/domain/programs`. Above the features a program brings together
 * (channels, budgets, deliveries, payments), so none of them imports it.
 *
 * - manage-programs.ts: creating a program, its channels, the console's list and detail, its spending
 * - program-csv.ts: a program's tables as CSV
 * - program-requests.ts: a program's delivery requests page by page (the platform API)
 * - request-detail.ts: one delivery request's page, its deliveries page by page
 */

export {
  addChannelToProgram,
  createProgram,
  listPrograms,
  PROGRAMS_PAGE_SIZE,
  programDetail,
  programSpending,
  requireLiveProgram,
} from "./manage-programs";
export { PROGRAM_TABLES, type ProgramTable, programCsv } from "./program-csv";
export { programDeliveryRequests, programOfDeliveryRequest } from "./program-requests";
export { deliveryRequestDetail } from "./request-detail";
