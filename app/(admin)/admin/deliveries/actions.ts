"use server";
/** Administrators' delivery log actions: any provider's events. */
import { requireAdmin } from "@/lib/auth/session";
import { replayEvent, replayFailedEvents } from "@/lib/domain/webhook-events";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";
import { dayPeriod, dayPeriodSchema } from "@/lib/portal/periods";

export async function adminReplayEventAction(eventId: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    await requireAdmin();
    await replayEvent(null, idArgument(eventId));
    return succeed(undefined);
  });
}

export async function adminReplayFailedAction(from: string, to: string): Promise<ActionResult<number>> {
  return runAction(async () => {
    await requireAdmin();
    const parsed = parseInput(dayPeriodSchema, { from, to });
    if ("failure" in parsed) return parsed.failure;
    const period = dayPeriod(parsed.data);
    return succeed(await replayFailedEvents(null, period.from, period.to));
  });
}
