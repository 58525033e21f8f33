"use server";
/** The provider's own delivery log: replay and test events, always scoped to the user's organisation. */
import { requireProviderUser } from "@/lib/auth/session";
import { replayEvent, replayFailedEvents, sendTestEvent } from "@/lib/domain/webhook-events";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";
import { dayPeriod, dayPeriodSchema } from "@/lib/portal/periods";

export async function replayEventAction(eventId: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    await replayEvent(user.providerId, idArgument(eventId));
    return succeed(undefined);
  });
}

export async function replayFailedAction(from: string, to: string): Promise<ActionResult<number>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(dayPeriodSchema, { from, to });
    if ("failure" in parsed) return parsed.failure;
    const period = dayPeriod(parsed.data);
    return succeed(await replayFailedEvents(user.providerId, period.from, period.to));
  });
}

export async function sendTestEventAction(eventType: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    await sendTestEvent(user.providerId, idArgument(eventType));
    return succeed(undefined);
  });
}
