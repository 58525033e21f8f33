/**
 * How much one delivery request may carry. Nothing but its messages imported, so the browser's
 * upload form checks the same limits as the server before it sends a byte.
 */
import { say } from "./validation-messages";

export const MAX_DELIVERIES = 10_000;
/** A beneficiary's id, as the program knows them: at most this long, in a send and in a file alike. */
export const MAX_BENEFICIARY_ID_LENGTH = 128;
export const MAX_CSV_ROWS = MAX_DELIVERIES;
/** 10,000 rows of about 500 characters; next.config.js lets server actions take this much. */
export const MAX_CSV_BYTES = 5_000_000;
export const CSV_TOO_LARGE = say("fileTooLarge", { megabytes: MAX_CSV_BYTES / 1_000_000 });
