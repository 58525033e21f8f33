/**
 * A time as Prisma stores a DateTime in SQLite (ISO text with `+00:00`): what the writers that go
 * through the driver must write, and what raw SQL must compare the column with.
 */
export const sqliteTime = (date: Date) => date.toISOString().replace("Z", "+00:00");
