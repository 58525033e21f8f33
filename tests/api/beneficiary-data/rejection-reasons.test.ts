/**
 * Issue 36, item 1's last sentence: a refund's rejection reason is free text that may name the
 * beneficiary, so it is sealed with the beneficiary's key wherever it is kept (the refund, the
 * approver's decision, the audit entry), never mailed nor put in an inbox, shown in clear on the
 * request's page, and unreadable there once the beneficiary is erased.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../../lib/db";
import {
  type DecidingPeople,
  decidingPeople,
  expectLetterWithout,
  expectStoredNowhere,
  SEALED,
} from "../../support/beneficiary-data/deciding-people";
import { signedIn } from "../../support/http/portal-session";
import { servingChannel } from "../../support/money/money-setup";
import { dataOf } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";

const own = ownServer();
afterAll(() => disconnectDb());

const PERSON = { beneficiaryId: "BEN-REJECT-1", phone: "+380671234000" };
const REJECTION = "Kovalenko collected it in person";

let setup: Awaited<ReturnType<typeof servingChannel>>;
let deliveryRequestId: string;
let refundRequestId: string;
let people: DecidingPeople;
let users: DecidingPeople["users"];

const call: DecidingPeople["call"] = (...args) => people.call(...args);

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  people = await decidingPeople(() => own.server().baseUrl);
  users = people.users;
  setup = await servingChannel(undefined, "EUR", 1e6);
  // Every refund of this program waits for one finance approval.
  dataOf(
    await call(users.admin1, `/programs/${setup.programId}/approval-policy`, {
      deliveryThreshold: null,
      deliveryApprovalsRequired: 1,
      refundThreshold: 0,
      refundApprovalsRequired: 1,
    }),
  );
  deliveryRequestId = dataOf(
    await call(users.manager, `/programs/${setup.programId}/delivery-requests`, {
      channelId: setup.channelId,
      description: "Round with a refund",
      deliveries: [{ beneficiaryId: PERSON.beneficiaryId, amount: 30, options: { phone: PERSON.phone } }],
    }),
  ).deliveryRequestId;
  const delivery = await db().delivery.findFirstOrThrow({ where: { deliveryRequestId } });
  dataOf(await call(users.manager, `/deliveries/${delivery.id}/refund`, { reason: "Paid twice" }));
  ({ id: refundRequestId } = await db().refundRequest.findFirstOrThrow({
    where: { deliveryId: delivery.id },
  }));
  dataOf(await call(users.approver, `/refund-requests/${refundRequestId}/reject`, { reason: REJECTION }));
});

describe("a refund's rejection reason", () => {
  it("is sealed with the beneficiary's key in the refund, the decision and the audit entry", async () => {
    const refund = await db().refundRequest.findUniqueOrThrow({ where: { id: refundRequestId } });
    expect(refund.state).toBe("REJECTED");
    expect(refund.rejectionReason).toMatch(SEALED);
    const decision = await db().paymentApproval.findFirstOrThrow({ where: { refundRequestId } });
    expect(decision.reason).toMatch(SEALED);
    // The same key as the refund's own reason: the beneficiary's one key.
    expect(decision.reason!.split(".")[1]).toBe(refund.reason.split(".")[1]);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { action: "refund.rejected", subjectId: refundRequestId },
    });
    expect(JSON.parse(entry.detail).reason).toMatch(SEALED);
    await expectStoredNowhere(own.databaseUrl(), [REJECTION, "Kovalenko"]);
  });

  it("is neither mailed nor put in the asker's inbox: the letter sends them to the page", async () => {
    await expectLetterWithout(deliveryRequestId, "Kovalenko");
  });

  it("shows in clear on the request's page, and as erased once the beneficiary is", async () => {
    const page = `/admin/programs/${setup.programId}/requests/${deliveryRequestId}`;
    const session = await signedIn(["program_manager"], undefined, own.server().baseUrl);
    expect((await session.get(page)).body).toContain(REJECTION);

    await people.erase(PERSON.beneficiaryId, "DSR-77");
    const after = (await session.get(page)).body;
    expect(after).not.toContain("Kovalenko");
    expect(after).toContain("erased");
  });
});
