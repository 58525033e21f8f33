/**
 * The retry delay of the jobs that call out (translations, mail): 5 s, 10 s, 20 s … capped at an
 * hour, each ±20% so that failures do not retry in lockstep.
 */
const BASE_DELAY_MS = 5_000;
const MAX_DELAY_MS = 60 * 60_000;

export function retryDelayMs(attempts: number, random = Math.random): number {
  const delay = Math.min(BASE_DELAY_MS * 2 ** (attempts - 1), MAX_DELAY_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}
