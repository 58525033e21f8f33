"use server";
/** The event catalog's "send example": always to the signed-in user's organisation's subscription. */
import { testEventSchema } from "@/lib/contract/forms/webhook-event-forms";
import { sendExampleEvent } from "@/lib/domain/webhooks";
import { defineAction } from "@/lib/portal/define-action";

export const sendExampleAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: testEventSchema,
  run: async ({ eventType }, user) => {
    const { id } = await sendExampleEvent(user.actor, eventType);
    return { eventId: id };
  },
  revalidate: "/webhooks/deliveries",
});
