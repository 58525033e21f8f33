/**
 * A send's row check, one for the console's form and the platform API: every delivery of the send
 * checked against the channel's approved delivery options (deliveryProblems), so that a bad send is
 * refused with every row's problems at once, before anything is reserved. The callers only say the
 * problems in their own form (a row number on the form, `deliveries[i].field` in the API's 400).
 */
import { type DeliveryList, type DeliveryOption, deliveryProblems, forEachBatch } from "./checks";
import { approvedDeliveryOptions } from "./serving-channel";

/** One problem of one delivery: its index in the send (from 0), the field and the message. */
export interface SendProblem {
  index: number;
  field: string;
  message: string;
}

/**
 * Every problem of every delivery against the channel's delivery options, in order; none when all are
 * valid. Reads a batch at a time, letting other requests take their turn between batches. The rule
 * behind a send (checkSend) and a CSV upload (parseDeliveriesCsv, which says each index as its line).
 */
export async function deliveryListProblems(
  deliveries: DeliveryList,
  options: DeliveryOption[],
): Promise<SendProblem[]> {
  const problems: SendProblem[] = [];
  await forEachBatch(deliveries, (batch, start) =>
    batch.forEach((delivery, offset) => {
      for (const [field, message] of Object.entries(deliveryProblems(delivery, options)))
        problems.push({ index: start + offset, field, message });
    }),
  );
  return problems;
}

/** Every problem of every delivery sent to the channel, checked against its approved options. */
export async function checkSend(channelId: string, deliveries: DeliveryList): Promise<SendProblem[]> {
  return deliveryListProblems(deliveries, await approvedDeliveryOptions(channelId));
}
