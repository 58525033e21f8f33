/**
 * A send's row check, one for the console's form and the platform API: every delivery of the send
 * checked against the channel's approved delivery options (deliveryProblems), so that a bad send is
 * refused with every row's problems at once, before anything is reserved. The callers only say the
 * problems in their own form (a row number on the form, `deliveries[i].field` in the API's 400).
 */
import { type DeliveryList, deliveryProblems, forEachBatch } from "./checks";
import { approvedDeliveryOptions } from "./serving-channel";

/** One problem of one delivery: its index in the send (from 0), the field and the message. */
export interface SendProblem {
  index: number;
  field: string;
  message: string;
}

/** Every problem of every delivery sent to the channel, in order; none when all are valid. Reads a batch at a time. */
export async function checkSend(channelId: string, deliveries: DeliveryList): Promise<SendProblem[]> {
  const options = await approvedDeliveryOptions(channelId);
  const problems: SendProblem[] = [];
  await forEachBatch(deliveries, (batch, start) =>
    batch.forEach((delivery, offset) => {
      for (const [field, message] of Object.entries(deliveryProblems(delivery, options)))
        problems.push({ index: start + offset, field, message });
    }),
  );
  return problems;
}
