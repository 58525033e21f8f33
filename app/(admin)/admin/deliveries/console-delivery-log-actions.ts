"use server";
/** Administrators' delivery log actions: any provider's events. */
import { dayPeriodSchema, replayEventSchema } from "@/lib/contract/forms/webhook-event-forms";
import { replayEvent, replayFailedEvents } from "@/lib/domain/webhooks";
import { defineAction } from "@/lib/portal/define-action";
import { dayPeriod } from "@/lib/portal/periods";

export const adminReplayEventAction = defineAction({
  role: "admin",
  permission: "webhooks.replay",
  input: replayEventSchema,
  run: async ({ eventId }, admin) => {
    await replayEvent(admin.actor, eventId);
  },
});

export const adminReplayFailedAction = defineAction({
  role: "admin",
  permission: "webhooks.replay",
  input: dayPeriodSchema,
  run: (days, admin) => {
    const period = dayPeriod(days);
    return replayFailedEvents(admin.actor, period.from, period.to);
  },
});
