/**
 * The audit trail's filters, read from the console's search params, the CSV export's and the
 * platform API's query alike. Unknown or malformed values are dropped, never an error: a filter
 * form left half-filled still lists something.
 */
import { z } from "zod";
import { findUnstorableText } from "./stored-text";

// `meta` gives the reference each parameter's type: a dropped (`catch`) value has none of its own.
const text = (max: number, description: string) =>
  z
    .string()
    .trim()
    .max(max)
    // A NUL or a lone surrogate matches nothing stored, and PostgreSQL refuses it in a query.
    .refine((value) => !findUnstorableText(value))
    .transform((value) => value || undefined)
    .optional()
    .catch(undefined)
    .meta({ type: "string", maxLength: max, description });
const day = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    .optional()
    .catch(undefined)
    .meta({ type: "string", format: "date", description });

export const auditFiltersSchema = z.object({
  /** Part of a user's email (any case), or any actor id (user, token, API key, worker). */
  actor: text(
    200,
    "Part of a user's email, in any case, or any actor id: a user's, a token's, an API key's, a worker's.",
  ),
  subjectType: text(60, "The kind of record, e.g. ChannelRequest."),
  /** A beneficiary id: its erasure's entries, and every read of its values in clear (issue 36). */
  beneficiary: text(
    128,
    "A beneficiary id: the entries about that beneficiary (its erasure) and every read that showed its values in clear.",
  ),
  subjectId: text(200, "The record's id."),
  /** An action (`request.approved`) or its subject's prefix (`request.`). */
  action: text(80, "An action (`request.approved`), or a prefix ending in `.` (`request.`)."),
  /** Days, inclusive, in UTC. */
  from: day("The first day, YYYY-MM-DD (UTC), inclusive."),
  to: day("The last day, YYYY-MM-DD (UTC), inclusive."),
  /** Keyset paging: entries before this chain position (newest first). */
  before: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .catch(undefined)
    .meta({ type: "integer", minimum: 1, description: "The next page: the previous answer's `next`." }),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** The filters of a page's search params (a repeated parameter counts by its first value). */
export function auditFiltersOf(params: Record<string, string | string[] | undefined>): AuditFilters {
  const first = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  return auditFiltersSchema.parse(first);
}
