/**
 * DELIVERY_REQUEST_SENT, built in one place for both moments a request goes to its provider: at
 * creation when it needs no approval, and in the transaction of its final approval otherwise.
 *
 * A send holds up to 10,000 deliveries, whose payload reaches 15 MB with 50 options each: built and
 * written by the send, it alone held more heap than the rest of the send (issue 35). So the outbox
 * row holds the payload less its deliveries (`"delivery":[]`) and names the request (deliveriesOf);
 * the dispatcher fills the list from the request's Delivery rows when it sends the event
 * (eventBody), a page at a time. Those rows hold exactly what the send wrote, and what a payload
 * carries of them (id, beneficiary, amount, options) never changes, so every attempt sends the
 * same bytes: those JSON.stringify of the typed payload gives, deliveries in the order they were
 * sent (by id, a uuid v7).
 *
 * The rows' beneficiary ids and option values are sealed with each beneficiary's data key (issue 36)
 * and opened here, for the provider that must pay them; the logs' preview keeps them masked. Once a
 * beneficiary is erased its options are gone: a later attempt or replay sends its delivery with none,
 * under the tombstone id.
 */
import { CURRENCIES } from "../../contract/enums";
import type { WebhookPayloads } from "../../contract/webhook-payloads";
import { db, type Tx } from "../../db";
import {
  dataKeysById,
  erasedBeneficiaryId,
  maskValue,
  openValue,
  pairsAsShown,
  sealingKeyId,
  showsClear,
  type ValueView,
} from "../beneficiary-data";
import { fromMinor } from "../money";
import { payloadPreviewOf, queueSerializedEvent } from "./outbox";

type Payload = WebhookPayloads["DELIVERY_REQUEST_SENT"];

export interface SentRequest {
  id: string;
  description: string;
  unit: string;
  channel: { providerId: string; providerDeliveryChannelId: string };
}

/** The payload's `delivery` list, empty: the outbox row's payload ends with it (`[]}`). */
const EMPTY_LIST_END = "[]}";

/** Deliveries read per query when a payload is filled. */
const READ_PAGE = 1000;
/** Deliveries enough for the logs' preview (PAYLOAD_PREVIEW_CHARS) of any payload. */
const PREVIEW_DELIVERIES = 20;

/**
 * Queues the request's event, once its Delivery rows are written in `tx`: the payload less its
 * deliveries, with the filled payload's start and size for the logs (read a page at a time, kept not).
 */
export async function queueRequestSent(tx: Tx, request: SentRequest) {
  const head: Payload = {
    deliveryRequestId: request.id,
    providerDeliveryChannelId: request.channel.providerDeliveryChannelId,
    description: request.description,
    delivery: [],
  };
  const payload = JSON.stringify(head);
  const first: string[] = [];
  let bytes = Buffer.byteLength(payload);
  await forEachItem(
    tx,
    request.id,
    (item, index) => {
      const json = JSON.stringify(item);
      bytes += Buffer.byteLength(json) + (index > 0 ? 1 : 0);
      if (index < PREVIEW_DELIVERIES) first.push(JSON.stringify(masked(item)));
    },
    "clear",
  );
  return queueSerializedEvent(tx, request.channel.providerId, "DELIVERY_REQUEST_SENT", payload, {
    deliveriesOf: request.id,
    filledBytes: bytes,
    preview: payloadPreviewOf(withItems(payload, first)),
  });
}

/**
 * The body an attempt sends: the stored payload, its deliveries filled in when it names a request,
 * with their values in clear. A person reading it sees them as `view` shows them
 * (lib/domain/beneficiary-data/read-values.ts).
 */
export async function eventBody(
  event: { payload: string; deliveriesOf: string | null },
  view: ValueView = "clear",
): Promise<string> {
  if (!event.deliveriesOf) return event.payload;
  const items: string[] = [];
  await forEachItem(db(), event.deliveriesOf, (item) => void items.push(JSON.stringify(item)), view);
  return withItems(event.payload, items);
}

/** `payload` with `items` (JSON) as its `delivery` list. */
function withItems(payload: string, items: string[]) {
  if (!payload.endsWith(EMPTY_LIST_END))
    throw new Error("a DELIVERY_REQUEST_SENT payload ends with its list");
  return `${payload.slice(0, -EMPTY_LIST_END.length)}[${items.join(",")}]}`;
}

type Item = Payload["delivery"][number];

/** The item as the logs' preview (stored in the outbox row) shows it: its beneficiary and values masked. */
const masked = (item: Item): Item => ({
  ...item,
  beneficiaryId: maskValue(item.beneficiaryId),
  deliveryOptions: pairsAsShown(item.deliveryOptions, "masked", ""),
});

/**
 * Each of the request's deliveries as its payload lists them, in the order they were sent, a page
 * read at a time, their values as `view` shows them.
 */
async function forEachItem(
  reader: Tx,
  deliveryRequestId: string,
  use: (item: Item, index: number) => void,
  view: ValueView,
) {
  const request = await reader.deliveryRequest.findUniqueOrThrow({
    where: { id: deliveryRequestId },
    select: { unit: true },
  });
  const unit = (CURRENCIES as readonly string[]).includes(request.unit)
    ? { currency: request.unit }
    : { commodity: request.unit };
  let index = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await reader.delivery.findMany({
      where: { deliveryRequestId, ...(after && { id: { gt: after } }) },
      orderBy: { id: "asc" },
      take: READ_PAGE,
      select: {
        id: true,
        beneficiaryId: true,
        beneficiaryRef: true,
        amountMinor: true,
        options: true,
        status: true,
      },
    });
    const keys = await dataKeysById(
      reader,
      rows.flatMap((row) => [row.options, row.beneficiaryId].flatMap((stored) => sealingKeyId(stored) ?? [])),
    );
    for (const row of rows) {
      const options = openValue(keys, row.options);
      const id = openValue(keys, row.beneficiaryId);
      use(
        {
          deliveryId: row.id,
          // The id is the beneficiary's too: masked where the view masks their values.
          beneficiaryId:
            id === null
              ? erasedBeneficiaryId(row.beneficiaryRef ?? "")
              : showsClear(view, row.status)
                ? id
                : maskValue(id),
          amount: fromMinor(row.amountMinor),
          ...unit,
          deliveryOptions:
            options === null
              ? []
              : pairsAsShown(JSON.parse(options) as Item["deliveryOptions"], view, row.status),
        },
        index++,
      );
    }
    if (rows.length < READ_PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * An event queued before deliveriesOf (migration 20261128120000_event_deliveries_of) holds its whole
 * payload: every beneficiary id and value in clear in the outbox row and in its preview, which every
 * console role reads (issue 36). `npm run keys:rotate` moves each to today's form: the payload less
 * its deliveries, naming its request, whose sealed rows fill it at each attempt (the same items; a
 * later attempt may list them in another order), and its preview masked. One whose request is gone
 * keeps its head only. Returns how many it moved.
 */
export async function moveLegacyRequestEvents(): Promise<number> {
  let moved = 0;
  let after = "";
  for (;;) {
    const events = await db().outboxEvent.findMany({
      where: {
        eventType: "DELIVERY_REQUEST_SENT",
        deliveriesOf: null,
        id: { gt: after },
        NOT: { payload: { endsWith: `"delivery":${EMPTY_LIST_END}` } },
      },
      orderBy: { id: "asc" },
      select: { id: true, payload: true },
      take: 50,
    });
    if (events.length === 0) return moved;
    for (const event of events) moved += await db().$transaction((tx) => moveLegacyEvent(tx, event));
    after = events[events.length - 1]!.id;
  }
}

async function moveLegacyEvent(tx: Tx, event: { id: string; payload: string }) {
  const full = JSON.parse(event.payload) as Payload;
  const head = JSON.stringify({ ...full, delivery: [] });
  if (!head.endsWith(EMPTY_LIST_END)) return 0;
  const known = (await tx.deliveryRequest.count({ where: { id: full.deliveryRequestId } })) === 1;
  const first = (full.delivery ?? [])
    .slice(0, PREVIEW_DELIVERIES)
    .map((item) => JSON.stringify(masked(item)));
  // Written only if still as read: a concurrent run moved it first.
  const { count } = await tx.outboxEvent.updateMany({
    where: { id: event.id, deliveriesOf: null, payload: event.payload },
    data: {
      payload: head,
      deliveriesOf: known ? full.deliveryRequestId : null,
      filledBytes: known ? Buffer.byteLength(event.payload) : null,
      payloadPreview: payloadPreviewOf(withItems(head, first)),
    },
  });
  return count;
}
