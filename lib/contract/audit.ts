/**
 * The audit trail's filters, read from the console's search params, the CSV export's and the
 * platform API's query alike. Unknown or malformed values are dropped, never an error: a filter
 * form left half-filled still lists something.
 */
import { z } from "zod";
import { findUnstorableText } from "./stored-text";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // A NUL or a lone surrogate matches nothing stored, and PostgreSQL refuses it in a query.
    .refine((value) => !findUnstorableText(value))
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
  .optional()
  .catch(undefined);

export const auditFiltersSchema = z.object({
  /** Part of a user's email (any case), or any actor id (user, token, API key, worker). */
  actor: text(200),
  subjectType: text(60),
  subjectId: text(200),
  /** An action (`request.approved`) or its subject's prefix (`request.`). */
  action: text(80),
  /** Days, inclusive, in UTC. */
  from: day,
  to: day,
  /** Keyset paging: entries before this chain position (newest first). */
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The filters of a page's search params (a repeated parameter counts by its first value). */
export function auditFiltersOf(params: Record<string, string | string[] | undefined>): AuditFilters {
  const first = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  return auditFiltersSchema.parse(first);
}
