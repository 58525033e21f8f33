"use server";
/** The provider's own delivery log: replay and test events, always scoped to the user's organisation. */
import {
  dayPeriodSchema,
  replayEventSchema,
  testEventSchema,
} from "@/lib/contract/forms/webhook-event-forms";
import { replayEvent, replayFailedEvents, sendExampleEvent } from "@/lib/domain/webhooks";
import { defineAction } from "@/lib/portal/define-action";
import { dayPeriod } from "@/lib/portal/periods";

export const replayEventAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: replayEventSchema,
  run: async ({ eventId }, user) => {
    await replayEvent(user.actor, eventId);
  },
});

export const replayFailedAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: dayPeriodSchema,
  run: (days, user) => {
    const period = dayPeriod(days);
    return replayFailedEvents(user.actor, period.from, period.to);
  },
});

export const sendTestEventAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: testEventSchema,
  run: async ({ eventType }, user) => {
    await sendExampleEvent(user.actor, eventType);
  },
});
