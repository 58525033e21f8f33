/**
 * Test mode (docs/sandbox.md "Test mode (sandbox)"): each live provider has a twin Provider row, its sandbox,
 * created the first time it is asked for. Test keys (dcp_test_) belong to the twin, so the API's
 * tenant isolation keeps test channels, subscriptions and events apart from live ones. A sandbox's
 * channel requests are decided by a worker, not by an administrator (decideDueSandboxRequests).
 */
import { sandboxDecisionDelayMs } from "../../config";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { log } from "../../log";
import { type ChannelRequestDecision, decideChannelRequest } from "../channels";
import { DomainError, forbidden, notFound } from "../errors";
import { SANDBOX_DECIDER } from "../live-scope";
import { parseContent } from "../stored-channel-content";

/** A channel whose name contains this word (in any case) is rejected in test mode. */
export const SANDBOX_MAGIC_WORD = "REJECT";
export const SANDBOX_REJECTION_REASON = `Rejected in test mode: the name contains ${SANDBOX_MAGIC_WORD}`;
export const LIVE_KEY_REFUSAL = say("sandboxNeedsTestModeKey");

/** The live provider's sandbox id; created on first use (two racing first uses create one). */
export async function sandboxOf(liveProviderId: string): Promise<string> {
  const existing = await twinOf(liveProviderId);
  if (existing) return existing;
  const live = await db().provider.findUnique({
    where: { id: liveProviderId },
    select: { name: true, sandboxOfId: true },
  });
  if (!live) throw notFound(say("noSuchProvider"));
  // A sandbox has no sandbox of its own: test mode of test mode is test mode.
  if (live.sandboxOfId) return liveProviderId;
  try {
    const twin = await db().provider.create({
      data: { name: `${live.name} (test mode)`, sandboxOfId: liveProviderId },
      select: { id: true },
    });
    return twin.id;
  } catch (error) {
    // The unique sandboxOfId refused a twin created meanwhile: that one is the sandbox.
    const raced = await twinOf(liveProviderId);
    if (raced) return raced;
    throw error;
  }
}

async function twinOf(liveProviderId: string) {
  const twin = await db().provider.findUnique({
    where: { sandboxOfId: liveProviderId },
    select: { id: true },
  });
  return twin?.id ?? null;
}

/** Refuses a live provider: the sandbox helpers of the API exist only for test-mode keys. */
export async function requireSandbox(providerId: string): Promise<void> {
  const provider = await db().provider.findUnique({
    where: { id: providerId },
    select: { sandboxOfId: true },
  });
  if (!provider?.sandboxOfId) {
    throw forbidden(LIVE_KEY_REFUSAL);
  }
}

/** Approve, unless the requested name contains the magic word. */
export function sandboxDecision(requestBody: string): ChannelRequestDecision {
  const name = parseContent(requestBody).name.translation;
  return name.toUpperCase().includes(SANDBOX_MAGIC_WORD)
    ? { approve: false, reason: SANDBOX_REJECTION_REASON }
    : { approve: true };
}

/** A sandbox's due requests, oldest first: through its channels with a pending request. */
async function dueRequestsOf(
  sandboxId: string,
  due: { state: string; requestedAt: { lte: Date } },
  limit: number,
): Promise<{ id: string }[]> {
  const channels = await db().channel.findMany({
    where: { providerId: sandboxId, requests: { some: { state: "PENDING" } } },
    select: { id: true },
    take: 1_000,
  });
  if (channels.length === 0) return [];
  return db().channelRequest.findMany({
    where: { ...due, channelId: { in: channels.map((channel) => channel.id) } },
    orderBy: { requestedAt: "asc" },
    take: limit,
    select: { id: true },
  });
}

/**
 * Decides the sandboxes' requests pending for at least `delayMs`, each sandbox's oldest first and
 * shared fairly between sandboxes (one provider's flood of test requests holds up no other's
 * integration); returns how many it decided. Read from the database every round, so a restart loses
 * nothing; of two workers deciding the same request one wins and the other's conflict is ignored.
 */
export async function decideDueSandboxRequests(
  now = new Date(),
  delayMs = sandboxDecisionDelayMs(),
  limit = 50,
) {
  const due = { state: "PENDING", requestedAt: { lte: new Date(now.getTime() - delayMs) } };
  // Driven from the few sandboxes and their channels (indexed by provider, then requests by channel
  // and state), never from the pending requests: live ones can number millions. A query that began
  // at the requests took minutes a round under the bench's 40,000 pending creates.
  const sandboxes = await db().provider.findMany({
    where: { sandboxOfId: { not: null } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const queues = await Promise.all(sandboxes.map(({ id }) => dueRequestsOf(id, due, limit)));
  // Round robin: each sandbox's oldest, then each one's second oldest, and so on.
  const rounds = Math.max(0, ...queues.map((queue) => queue.length));
  const picked = Array.from({ length: rounds }, (_, index) => queues.flatMap((queue) => queue[index] ?? []));
  let decided = 0;
  for (const { id } of picked.flat().slice(0, limit)) {
    try {
      const request = await db().channelRequest.findUniqueOrThrow({ where: { id }, select: { body: true } });
      await decideChannelRequest(SANDBOX_DECIDER, id, sandboxDecision(request.body));
      decided += 1;
    } catch (error) {
      // Decided by another worker, or superseded by a newer request (decided in its turn): nothing to
      // do. Anything else is logged and tried again next round, and blocks no other request.
      if (!(error instanceof DomainError && error.kind === "conflict"))
        log.error({ err: error, channelRequestId: id }, "could not decide a test-mode request");
    }
  }
  return decided;
}
