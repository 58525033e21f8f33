/**
 * Issue 36, item 1's last sentence, for delivery requests: a request's rejection reason is free text
 * that may name any of its beneficiaries, so it is sealed with the request's own key wherever it is
 * kept (the request, the approver's decision, the audit entry), never mailed nor put in an inbox,
 * shown in clear on the request's page and by the platform API, and unreadable everywhere once one
 * of the request's beneficiaries is erased.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../../lib/db";
import { verifyAuditChain } from "../../../lib/domain/audit";
import { maskValue } from "../../../lib/domain/beneficiary-data";
import {
  type DecidingPeople,
  decidingPeople,
  expectLetterWithout,
  expectStoredNowhere,
  SEALED,
} from "../../support/beneficiary-data/deciding-people";
import { signedIn } from "../../support/http/portal-session";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";

const own = ownServer();
afterAll(() => disconnectDb());

const KEPT = { beneficiaryId: "BEN-REQ-REJECT-1", phone: "+380671234100" };
const ERASED = { beneficiaryId: "BEN-REQ-REJECT-2", phone: "+380671234200" };
const REJECTION = "Petrenko is listed twice";

let programId: string;
let deliveryRequestId: string;
let people: DecidingPeople;
let users: DecidingPeople["users"];

const call: DecidingPeople["call"] = (...args) => people.call(...args);

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  people = await decidingPeople(() => own.server().baseUrl);
  users = people.users;
  const setup = await servingChannel(undefined, "EUR", 1e6);
  programId = setup.programId;
  // Every delivery request of this program waits for one finance approval.
  dataOf(
    await call(users.admin1, `/programs/${programId}/approval-policy`, {
      deliveryThreshold: 0,
      deliveryApprovalsRequired: 1,
      refundThreshold: null,
      refundApprovalsRequired: 1,
    }),
  );
  deliveryRequestId = dataOf(
    await call(users.manager, `/programs/${programId}/delivery-requests`, {
      channelId: setup.channelId,
      description: "Round rejected for a name",
      deliveries: [KEPT, ERASED].map(({ beneficiaryId, phone }) => ({
        beneficiaryId,
        amount: 25,
        options: { phone },
      })),
    }),
  ).deliveryRequestId;
  dataOf(await call(users.approver, `/delivery-requests/${deliveryRequestId}/reject`, { reason: REJECTION }));
});

describe("a delivery request's rejection reason", () => {
  it("a new send may not name a beneficiary as a tombstone does: pages show tombstones as they are", async () => {
    const { channelId } = await db().deliveryRequest.findUniqueOrThrow({ where: { id: deliveryRequestId } });
    const reply = await call(users.manager, `/programs/${programId}/delivery-requests`, {
      channelId,
      description: "Looks erased",
      deliveries: [{ beneficiaryId: "erased-abc123", amount: 5, options: { phone: KEPT.phone } }],
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.json)).toMatch(
      /deliveries\[0\]\.beneficiaryId: is reserved for erased beneficiaries/,
    );
  });

  it("is sealed with the request's own key in the request, the decision and the audit entry", async () => {
    const request = await db().deliveryRequest.findUniqueOrThrow({ where: { id: deliveryRequestId } });
    expect(request.approvalState).toBe("REJECTED");
    expect(request.rejectionReason).toMatch(SEALED);
    const key = await db().beneficiaryKey.findUniqueOrThrow({
      where: { id: request.rejectionReason!.split(".")[1]! },
    });
    expect(key.ref).toBe(`request.${deliveryRequestId}`);
    const decision = await db().paymentApproval.findFirstOrThrow({ where: { deliveryRequestId } });
    expect(decision.reason).toMatch(SEALED);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { action: "delivery_request.rejected", subjectId: deliveryRequestId },
    });
    expect(JSON.parse(entry.detail).reason).toMatch(SEALED);
    await expectStoredNowhere(own.databaseUrl(), [REJECTION, "Petrenko"]);
  });

  it("is neither mailed nor put in the creator's inbox: the letter sends them to the page", async () => {
    await expectLetterWithout(deliveryRequestId, "Petrenko");
  });

  it("shows in clear on the page and the platform API, and as erased once one of its beneficiaries is", async () => {
    const page = `/admin/programs/${programId}/requests/${deliveryRequestId}`;
    const session = await signedIn(["program_manager"], undefined, own.server().baseUrl);
    expect((await session.get(page)).body).toContain(REJECTION);
    const read = async () =>
      dataOf(await call(users.manager, `/delivery-requests/${deliveryRequestId}`)).request;
    expect(await read()).toMatchObject({ rejectionReason: REJECTION, rejectionReasonErased: false });
    // The batch's fingerprint hashes its ids and values: not for readers.
    expect(await read()).not.toHaveProperty("fingerprint");

    // A role that may not see beneficiaries' data reads neither the reason nor the id.
    const reviewer = await signedIn(["reviewer"], undefined, own.server().baseUrl);
    const hidden = (await reviewer.get(page)).body;
    expect(hidden).not.toContain("Petrenko");
    expect(hidden).not.toContain(KEPT.beneficiaryId);
    expect(hidden).toContain("hidden, since it may name a beneficiary");
    // Nor confirms a guess by searching a whole id: no search box, and `q` finds no row for them.
    expect(hidden).not.toContain('id="beneficiary-search"');
    const searched = (await reviewer.get(`${page}?q=${KEPT.beneficiaryId}`)).body;
    expect(searched).toContain(maskValue(ERASED.beneficiaryId));
    expect(searched).toContain(maskValue(KEPT.beneficiaryId));
    const auditor = await platformUser(["auditor"]);
    const asAuditor = dataOf(await call(auditor!, `/delivery-requests/${deliveryRequestId}`)).request;
    expect(asAuditor).toMatchObject({ rejectionReason: null, reasonsHidden: true });

    await people.erase(ERASED.beneficiaryId, "DSR-78");
    const after = (await session.get(page)).body;
    expect(after).not.toContain("Petrenko");
    expect(after).toContain("erased");
    expect(await read()).toMatchObject({ rejectionReason: null, rejectionReasonErased: true });
    // The audit entry's copy went with the key; the chain still verifies.
    expect((await verifyAuditChain()).problems).toEqual([]);
  });
});
