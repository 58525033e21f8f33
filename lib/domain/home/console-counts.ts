/** The figures of the console's home page: pending channel requests, live channels, live providers. */
import { db } from "../../db";
import { countChannels, pendingRequestCount } from "../channels";
import { LIVE_PROVIDER, LIVE_ROW } from "../live-scope";
import { type Actor, authorize } from "../permissions";

export async function consoleCounts(actor: Actor) {
  authorize(actor, "console.read");
  // What waits for the person (pending requests, translations…) is waiting-for-you.ts, by their roles.
  const [pending, channels, providers] = await Promise.all([
    pendingRequestCount(),
    countChannels(LIVE_ROW),
    db().provider.count({ where: LIVE_PROVIDER }),
  ]);
  return { pending, channels, providers };
}
