/**
 * Errors of the domain's rules, free of HTTP. The API maps them to the contract's envelope
 * (lib/api/endpoint.ts), the portal to messages at the form.
 */
export type DomainErrorKind = "not_found" | "conflict" | "invalid" | "forbidden" | "too_many";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** For "invalid": the field the rule concerns, as a dotted path. */
    readonly field?: string,
    /** For "too_many": seconds until the rule allows it again (the API's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const invalid = (field: string, message: string) => new DomainError("invalid", message, field);
export const forbidden = (message: string) => new DomainError("forbidden", message);
/** Asked for more than a rule allows in a while: the API answers 429, with Retry-After when known. */
export const tooMany = (message: string, retryAfterSeconds?: number) =>
  new DomainError("too_many", message, undefined, retryAfterSeconds);

/** A page's "not found" (another provider's record, or none): the caller shows the not-found page. */
export const isDomainNotFound = (error: unknown) =>
  error instanceof DomainError && error.kind === "not_found";
