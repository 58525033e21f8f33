/**
 * The home pages' module: `@/lib/domain/home`, what a person sees first.
 *
 * - waiting-for-you.ts: what waits for this person, by their roles, each with the list that holds it
 * - console-counts.ts: the console home page's figures
 */

export { consoleCounts } from "./console-counts";
export { type Waiting, waitingInConsole, waitingInPortal } from "./waiting-for-you";
