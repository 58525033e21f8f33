/** A stored period (start inclusive, end exclusive, UTC midnights) as the days a person chose. */
const DAY_MS = 86_400_000;
export const dayOf = (start: Date) => start.toISOString().slice(0, 10);
export const lastDayOf = (end: Date) => new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10);
