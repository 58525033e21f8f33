/** A provider's statement of a period (issue 32, item 2): what was sent to it and what became of it. */
import { providerStatementBodySchema, statementSchema } from "../../contract/reconciliation/statement-schema";
import { periodOf, providerStatement, providerStatementAnswer } from "../../domain/reconciliation";
import { defineOperation } from "../operation";
import { keyActor } from "./sync-operations";

const EXAMPLE_LINE = {
  unit: "EUR",
  openingPending: { count: 3, amount: 300 },
  sent: { requests: 2, count: 40, amount: 4000 },
  delivered: { count: 35, amount: 3500 },
  deliveredInPart: { count: 1, amount: 40, undelivered: 60 },
  revertedUndelivered: { count: 2, amount: 200 },
  revertedAfterDelivery: { count: 0, amount: 0 },
  refundsRequested: { count: 1, amount: 100 },
  closingPending: { count: 5, amount: 500 },
};

export const getStatement = defineOperation({
  operationId: "getStatement",
  method: "POST",
  path: "/api/Reconciliation/Statement",
  // A read-only key (scope "read") may call it.
  permission: "provider.read",
  tag: "Reconciliation",
  summary: "Get your statement of a period",
  description:
    "Per currency or commodity, from the platform's records: deliveries pending at the period's start, sent in it, " +
    "reported delivered whole or in part (with what was not delivered), reverted before or after delivery, refunds " +
    "asked for, and deliveries pending at its end (opening + sent − delivered − in part − reverted before delivery). " +
    "Days are whole UTC days, both inclusive. Compare it with your own books: the same figures appear in the portal.",
  body: providerStatementBodySchema,
  response: statementSchema,
  run: async ({ principal, body }) => {
    const units = await providerStatement(keyActor(principal), periodOf(body));
    return providerStatementAnswer(
      { provider: principal.providerId, program: null, from: body.from, to: body.to },
      units,
    );
  },
  docs: () => ({
    request: { description: "The period.", example: { from: "2026-11-01", to: "2026-11-30" } },
    responseId: "StatementResponse",
    ok: {
      description: "The statement, one entry per unit.",
      examples: {
        november: {
          summary: "November",
          value: {
            provider: "0193a1c2-7e1f-7000-8000-000000000003",
            program: null,
            from: "2026-11-01",
            to: "2026-11-30",
            units: [EXAMPLE_LINE],
          },
        },
      },
    },
    invalidBody: { from: "2026-11-31", to: "2026-11-01" },
  }),
});
