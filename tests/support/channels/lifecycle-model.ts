/**
 * The channel lifecycle as a model, for the model-based test (tests/domain/channels/lifecycle-model.test.ts):
 * what each request and decision should do, written from the rule of docs/approvals-and-translations.md
 * "Approvals and translations" and the contract's state table, independently of lib/domain.
 * Contents come from a tiny space so that a request often equals the approved content (an
 * update-status) and often does not.
 */
import fc from "fast-check";

export type Status = "REQUESTED" | "ONLINE" | "OFFLINE";
export type Kind = "CREATE" | "UPDATE" | "UPDATE_STATUS";
export type Content = Record<string, unknown> & {
  providerDeliveryChannelId: string;
  name: { language: string; translation: string };
  availability: {
    categoriesSupported: string[];
    countriesSupported?: string[] | null;
    countriesExcluded?: string[];
  };
};

export interface ModelChannel {
  requested: Content;
  approved: Content | null;
  status: Status;
  pending: { kind: Kind; previousStatus: Status | null } | null;
  rejectionReason: string | null;
  lastEvent: { status: "Approved" | "Rejected"; requestType: string } | null;
}

/** Slot → channel; a run has two slots, so per-channel rules meet a neighbour. */
export type Model = Array<ModelChannel | undefined>;

export const REQUEST_TYPES: Record<Kind, string> = {
  CREATE: "Delivery Channel Create",
  UPDATE: "Delivery Channel Update",
  UPDATE_STATUS: "Delivery Channel Update Status",
};

/** A content without its id: the id belongs to the slot. */
export type Draft = (id: string) => Content;

export const draftArb: fc.Arbitrary<Draft> = fc
  .record({
    name: fc.constantFrom("Riverside Kiosk", "Harbour cash point"),
    landingPage: fc.constantFrom("www.riverside.example", "https://harbour.example/cash"),
    shortDescription: fc.constantFrom(undefined, null, { language: "EN", translation: "Open late" }),
    categories: fc.subarray(["CASH", "VOUCHERS", "INFORMATION"]),
    supported: fc.constantFrom(undefined, null, [] as string[], ["BG"], ["BG", "PL"]),
    excluded: fc.constantFrom<string[] | undefined>(undefined, ["UA"]),
  })
  .map((draft) => {
    const make = (id: string): Content => ({
      providerDeliveryChannelId: id,
      name: { language: "EN", translation: draft.name },
      ...(draft.shortDescription !== undefined && { shortDescription: draft.shortDescription }),
      landingPage: draft.landingPage,
      availability: {
        categoriesSupported: draft.categories,
        ...(draft.supported !== undefined && { countriesSupported: draft.supported }),
        ...(draft.excluded !== undefined && { countriesExcluded: draft.excluded }),
      },
    });
    make.toString = () => JSON.stringify(draft);
    return make;
  });

/** A content compared as the contract compares it: null and absent alike, key order irrelevant. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value)
    .filter(([, inner]) => inner !== null && inner !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(entries.map(([key, inner]) => [key, canonical(inner)]));
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function modelCreate(content: Content): ModelChannel {
  return {
    requested: content,
    approved: null,
    status: "REQUESTED",
    pending: { kind: "CREATE", previousStatus: null },
    rejectionReason: null,
    lastEvent: null,
  };
}

/** An update: its kind, and the channel after it (the state table applies the status at once). */
export function modelUpdate(channel: ModelChannel, content: Content, status?: Status | null): Kind {
  const kind: Kind =
    status && channel.approved && same(content, channel.approved) ? "UPDATE_STATUS" : "UPDATE";
  const previousStatus = status && status !== channel.status ? channel.status : null;
  Object.assign(channel, {
    requested: content,
    status: status ?? channel.status,
    pending: { kind, previousStatus },
    rejectionReason: null,
  });
  return kind;
}

/** The content the portal's status switch sends: the pending request's, else what View shows. */
export const switchContent = (channel: ModelChannel) =>
  channel.pending ? channel.requested : (channel.approved ?? channel.requested);

export function modelApprove(channel: ModelChannel) {
  const kind = channel.pending!.kind;
  Object.assign(channel, {
    approved: channel.requested,
    status: channel.status === "REQUESTED" ? "ONLINE" : channel.status,
    pending: null,
    rejectionReason: null,
    lastEvent: { status: "Approved", requestType: REQUEST_TYPES[kind] },
  });
}

export function modelReject(channel: ModelChannel, reason: string) {
  const { kind, previousStatus } = channel.pending!;
  Object.assign(channel, {
    status: previousStatus ?? channel.status,
    pending: null,
    rejectionReason: reason,
    lastEvent: { status: "Rejected", requestType: REQUEST_TYPES[kind] },
  });
}

/** Whether the channel is available in a country, as the console's filter reads the lists. */
export function availableIn(content: Content, country: string) {
  const { countriesSupported, countriesExcluded } = content.availability;
  const supported = !countriesSupported?.length || countriesSupported.includes(country);
  return supported && !(countriesExcluded ?? []).includes(country);
}
