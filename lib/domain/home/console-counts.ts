/** The figures of the console's home page: pending channel requests, live channels, live providers. */
import { db } from "../../db";
import { countChannels } from "../channels/lists";
import { pendingRequestCount } from "../channels/review";
import { type Actor, authorize } from "../permissions";
import { LIVE_PROVIDER, LIVE_ROW } from "../sandbox/scope";

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
