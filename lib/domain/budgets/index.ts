/**
 * Budgets: how much a program may spend, in total and per channel, reserved by a send in its
 * transaction, released by a rejection or refund, and drawn down over time. Below programs, which
 * set them, and below channels, deliveries and payments, which spend and show them.
 */

export { BudgetMoves } from "./budget-moves";
export {
  type AppliedBudget,
  budgetOverview,
  budgetsFor,
  channelBudgetOverviews,
  chargedAccounts,
  lockSpending,
  releaseRequest,
  reserve,
} from "./budgets";
export { BURN_DOWN_POINTS, type BurnDownPoint, burnDown } from "./burn-down";
