/** The audit trail, as the console's audit page reads it (lib/domain/audit/read-audit-log.ts). */
import { auditFiltersSchema } from "../../../contract/audit-filters";
import { anyObjectSchema } from "../../../contract/platform/platform-answers";
import { auditEntries } from "../../../domain/audit";
import { platformOperation } from "./define-platform-operation";

export const listAudit = platformOperation({
  operationId: "platformListAudit",
  method: "GET",
  permission: "audit.read",
  path: "/audit",
  summary: "Read the audit trail",
  description:
    "Audit entries, newest first, 50 a page. Filters as on the console's audit page: `actor` (part of a user's email, in any case, or any actor id: a user's, a token's, an API key's, a worker's), `beneficiary` (a beneficiary id: its erasure's entries and every read that showed its values in clear), `subjectType`, `subjectId`, `action` (`request.approved`, or a prefix ending in `.` such as `request.`), `from` and `to` (days, YYYY-MM-DD, inclusive, UTC). The next page: `before` = the answer's `next`, null at the end. Malformed filter values are ignored, as the console ignores them. Needs the administrator or auditor role.",
  query: auditFiltersSchema,
  response: anyObjectSchema,
  run: ({ actor, filters }) => auditEntries(actor, filters),
  example: {
    entries: [
      {
        seq: 42,
        at: "2026-11-23T09:00:00.000Z",
        actorType: "token",
        actorId: "0193a1c2-7e1f-7000-8000-000000000030",
        action: "request.approved",
        subjectType: "ChannelRequest",
        subjectId: "0193a1c2-7e1f-7000-8000-000000000001",
      },
    ],
    next: null,
  },
});
