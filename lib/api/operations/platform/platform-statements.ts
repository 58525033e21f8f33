/** Reconciliation statements (issue 32, item 2), as the console's statement page reads them. */
import { statementQuerySchema, statementSchema } from "../../../contract/reconciliation/statement-schema";
import { periodOf, statement, statementAnswer } from "../../../domain/reconciliation";
import { platformOperation } from "./define-platform-operation";

export const getStatementOperation = platformOperation({
  operationId: "platformGetStatement",
  method: "GET",
  permission: "console.read",
  path: "/statement",
  summary: "Get a reconciliation statement",
  description:
    "A provider's (`provider`), a program's (`program`), or one provider's for one program, over the days `from` to `to` (YYYY-MM-DD, UTC, inclusive): per currency or commodity, deliveries pending at the start, sent, delivered whole or in part, reverted before or after delivery, refunds asked for, pending at the end, and the budget's side (requests reserved, released unsent). Each line ties out to the budgets' movements of the period. An unknown provider or program is a 404.",
  query: statementQuerySchema,
  response: statementSchema,
  run: async ({ actor, filters }) => {
    const units = await statement(actor, {
      providerId: filters.provider,
      programId: filters.program,
      ...periodOf(filters),
    });
    return statementAnswer(
      {
        provider: filters.provider ?? null,
        program: filters.program ?? null,
        from: filters.from,
        to: filters.to,
      },
      units,
    );
  },
  example: {
    provider: "0193a1c2-7e1f-7000-8000-000000000003",
    program: null,
    from: "2026-11-01",
    to: "2026-11-30",
    units: [],
  },
});
