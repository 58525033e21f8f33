/** What the console's statement form offers: the live providers and programs, by name. */
import { db } from "../../db";
import { LIVE_PROGRAM, LIVE_PROVIDER } from "../live-scope";
import { type Actor, authorize } from "../permissions";

export async function statementChoices(actor: Actor) {
  authorize(actor, "console.read");
  const [providers, programs] = await Promise.all([
    db().provider.findMany({
      where: LIVE_PROVIDER,
      orderBy: { name: "asc" },
      select: { id: true, name: true },
    }),
    db().program.findMany({
      where: LIVE_PROGRAM,
      orderBy: { name: "asc" },
      select: { id: true, name: true },
    }),
  ]);
  return { providers, programs };
}
