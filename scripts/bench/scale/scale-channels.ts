/**
 * Channels at scale, written by the product's own Create path: each body is a contract-valid channel
 * (checked with the contract's schema), its columns come from requestedColumns
 * (lib/domain/channels/columns.ts), its audit entry from auditRow, and the rows go through
 * insertChannels (lib/db/channel-writes.ts: channel, CREATE request and chained audit entry in one
 * transaction), in batches of BATCH instead of the API's 64.
 *
 * Then most are decided as decideChannelRequest (lib/domain/channels/decide-request.ts) decides
 * them: the request APPROVED or REJECTED by the administrator, the channel approved with its
 * requested content (ONLINE) or carrying the rejection's reason, and a chained
 * request.approved/request.rejected audit entry. Not
 * written: the decisions' outbox events and translation jobs (queues the server's workers would
 * start working through during the measurement). Of every 10 channels 7 are approved, 1 rejected and
 * 2 left pending.
 */
import { randomUUID } from "node:crypto";
import { type ChannelBody, channelBodySchema } from "../../../lib/contract/channel";
import { insertChannels, type NewChannelRow, newChannelId } from "../../../lib/db/channel-writes";
import { auditRow } from "../../../lib/domain/audit";
import { approvedColumns, requestedColumns } from "../../../lib/domain/channels";
import type { Actor } from "../../../lib/domain/permissions";
import { sampleChannel } from "../../sample-channel";
import type { Progress } from "../progress";
import { appendSeededAudit } from "./scale-audit";
import type { Raw } from "./scale-sql";

const BATCH = 2_000;
/** A word found in one channel of a thousand: the search the bench measures (`/channels?q=`). */
export const RARE_WORD = "aurora";
const PLACES = [
  "Sofia",
  "Plovdiv",
  "Warsaw",
  "Krakow",
  "Gdansk",
  "Varna",
  "Lodz",
  "Burgas",
  "Poznan",
  "Ruse",
];
const COUNTRIES = [["BG"], ["PL"], ["BG", "PL"], ["RO"], ["UA", "PL"]];
const CATEGORIES: ChannelBody["availability"]["categoriesSupported"][] = [
  ["CASH"],
  ["VOUCHERS"],
  ["CASH", "INFORMATION"],
];

/** A country one channel in 10,000 serves: a filter whose index names few channels (channels/filters.ts). */
export const RARE_COUNTRY = "MD";
const RARE_COUNTRY_EVERY = 13;

/** The i-th channel of a provider: the scripts' sample channel, its words and availability varied. */
export function scaleChannel(i: number): ChannelBody {
  const sample = sampleChannel(randomUUID());
  const place = PLACES[i % PLACES.length]!;
  const rare = i % 1000 === 7 ? ` ${RARE_WORD}` : "";
  return {
    ...sample,
    name: { language: "EN", translation: `Cash pickup ${place} ${i}${rare}` },
    availability: {
      ...sample.availability,
      categoriesSupported: CATEGORIES[i % CATEGORIES.length]!,
      countriesSupported:
        i % 10_000 === RARE_COUNTRY_EVERY ? [RARE_COUNTRY] : COUNTRIES[i % COUNTRIES.length]!,
    },
    contacts: [{ email: `agent${i}@scale-payouts.example`, name: `Agent ${place}`, phone: "+359 2 000 000" }],
    // The channel deliveries are sent to (the first) has no budget of its own: only the program's applies.
    ...(i === 0 ? { budget: undefined } : {}),
  };
}

/** The actors of the seeded actions: the provider's owner creates, the administrator decides. */
export interface ChannelActors {
  providerId: string;
  owner: Actor;
  admin: Actor;
}

function createRows(actors: ChannelActors, from: number, to: number, now: Date): NewChannelRow[] {
  const rows: NewChannelRow[] = [];
  for (let i = from; i < to; i++) {
    const body = scaleChannel(i);
    if (i < 3) channelBodySchema.parse(body); // the shape is the contract's
    const id = newChannelId();
    const audit = auditRow(
      actors.owner,
      {
        action: "channel.created",
        subjectType: "Channel",
        subjectId: id,
        after: {
          providerDeliveryChannelId: body.providerDeliveryChannelId,
          name: body.name.translation,
          status: "REQUESTED",
        },
      },
      now,
    );
    rows.push({
      id,
      providerId: actors.providerId,
      providerDeliveryChannelId: body.providerDeliveryChannelId,
      columns: requestedColumns(body),
      receivedAt: now,
      audit,
    });
  }
  return rows;
}

/** 7 of 10 approved, 1 rejected, 2 pending (by position, so every size has the same mix). */
const decisionOf = (i: number) => (i % 10 < 7 ? "APPROVED" : i % 10 === 7 ? "REJECTED" : null);
const REASON = "The landing page does not say where the agents are.";

async function decide(raw: Raw, actors: ChannelActors, rows: NewChannelRow[], from: number, now: Date) {
  const decided = rows.flatMap((row, k) => {
    const state = decisionOf(from + k);
    return state ? [{ row, state }] : [];
  });
  const requests = await raw.all<{ id: string; channelId: string }>(
    `SELECT "id", "channelId" FROM "ChannelRequest" WHERE "channelId" IN ${raw.idList}`,
    [raw.ids(decided.map(({ row }) => row.id))],
  );
  const requestOf = new Map(requests.map((request) => [request.channelId, request.id]));
  const adminId = actors.admin.personId ?? actors.admin.id;
  await raw.transaction(async () => {
    for (const { row, state } of decided) {
      const approved = state === "APPROVED";
      await raw.run(
        'UPDATE "ChannelRequest" SET "state" = ?, "decidedAt" = ?, "decidedBy" = ?, "reason" = ? WHERE "id" = ?',
        [state, now, adminId, approved ? null : REASON, requestOf.get(row.id)!],
      );
      if (approved) {
        const columns = approvedColumns(row.columns.requestedContent);
        await raw.run(
          'UPDATE "Channel" SET "approvedContent" = ?, "eligibilityTags" = ?, "isApproved" = ?, "status" = \'ONLINE\', "updatedAt" = ? WHERE "id" = ?',
          [columns.approvedContent, columns.eligibilityTags, true, now, row.id],
        );
      } else
        await raw.run('UPDATE "Channel" SET "rejectionReason" = ?, "updatedAt" = ? WHERE "id" = ?', [
          REASON,
          now,
          row.id,
        ]);
    }
    await appendSeededAudit(
      raw,
      decided.map(({ row, state }) =>
        auditRow(
          actors.admin,
          {
            action: state === "APPROVED" ? "request.approved" : "request.rejected",
            subjectType: "ChannelRequest",
            subjectId: requestOf.get(row.id)!,
            detail: { kind: "CREATE", channelId: row.id, reason: state === "APPROVED" ? null : REASON },
            before: { state: "PENDING" },
            after: { state },
          },
          now,
        ),
      ),
    );
  });
}

/** Seeds the provider's channels number `from` to `to` - 1 (created, then decided), in batches. */
export async function seedChannels(raw: Raw, actors: ChannelActors, from: number, to: number, bar: Progress) {
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    const now = new Date();
    const rows = createRows(actors, start, end, now);
    await insertChannels(rows);
    await decide(raw, actors, rows, start, now);
    bar.add(rows.length);
  }
}
