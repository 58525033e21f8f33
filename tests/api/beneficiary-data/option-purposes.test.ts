/**
 * Issue 36, item 5: a channel's delivery options say what each value is for. The provider states it
 * on its channel's page (the contract's option has no such field); the program manager sees it on
 * the send form beside each value asked for. Hostile inputs get field errors, never a 500; another
 * organisation cannot state purposes for a channel that is not its own.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { signedIn } from "../../support/http/portal-session";
import { actionResult, type ServerAction, serverActions } from "../../support/http/server-actions";
import { servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";

openTestDb();
const baseUrl = inject("baseUrl");
const PURPOSE = "The mobile-money wallet we pay into";

let setup: Awaited<ReturnType<typeof servingChannel>>;
let owner: string;
const save = () =>
  serverActions().find(
    (action) => action.name === "app/(provider)/channels/channel-actions.ts#setOptionPurposesAction",
  ) as ServerAction;
const stated = async () =>
  (await db().optionPurpose.findMany({ where: { channelId: setup.channelId } })).map((row) => [
    row.fieldName,
    row.purpose,
  ]);

beforeAll(async () => {
  setup = await servingChannel(undefined, "EUR", 1e6);
  owner = (await signedIn("provider", setup.providerId)).cookie;
});

describe("the purposes of a channel's delivery options", () => {
  it("are stated by the provider on its channel's page, audited, and removed when emptied", async () => {
    const input = {
      providerDeliveryChannelId: setup.providerDeliveryChannelId,
      purposes: [{ fieldName: "phone", purpose: PURPOSE }],
    };
    expect((await actionResult(baseUrl, save(), owner, [input])).ok).toBe(true);
    expect(await stated()).toEqual([["phone", PURPOSE]]);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { action: "channel.option_purposes_set", subjectId: setup.channelId },
    });
    expect(JSON.parse(entry.after!)).toEqual({ phone: PURPOSE });

    const page = await (await signedIn("provider", setup.providerId)).get(
      `/channels/${encodeURIComponent(setup.providerDeliveryChannelId)}`,
    );
    expect(page.body).toContain(PURPOSE);

    const emptied = { ...input, purposes: [{ fieldName: "phone", purpose: "  " }] };
    expect((await actionResult(baseUrl, save(), owner, [emptied])).ok).toBe(true);
    expect(await stated()).toEqual([]);
    expect((await actionResult(baseUrl, save(), owner, [input])).ok).toBe(true);
  });

  it("are shown to the program manager on the send form, beside each value asked for", async () => {
    const manager = await signedIn(["program_manager"]);
    const page = await manager.get(`/admin/programs/${setup.programId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("What each value is for");
    expect(page.body).toContain(PURPOSE);
  });

  it.each([
    [{ purposes: [{ fieldName: "nationalId", purpose: "KYC" }] }, "purposes[0].fieldName"],
    [{ purposes: [{ fieldName: "phone", purpose: "x".repeat(301) }] }, "purposes[0].purpose"],
    [{ purposes: [{ fieldName: "phone", purpose: 42 }] }, "purposes[0].purpose"],
    [{ purposes: "phone" }, "purposes"],
    [{ purposes: [{ fieldName: "phone", purpose: "ok", extra: 1 }] }, null],
    [{ purposes: Array.from({ length: 51 }, () => ({ fieldName: "phone", purpose: "x" })) }, "purposes"],
  ])("refuses %j (at its field, if it has one), changing nothing", async (body, field) => {
    const result = await actionResult(baseUrl, save(), owner, [
      { providerDeliveryChannelId: setup.providerDeliveryChannelId, ...body },
    ]);
    expect(result.ok).toBe(false);
    if (field) expect(Object.keys(result.fieldErrors ?? {})).toContain(field);
    expect(await stated()).toEqual([["phone", PURPOSE]]);
  });

  it("cannot be stated by another organisation for this channel", async () => {
    const other = await servingChannel(undefined, "EUR", 1e6);
    const theirs = (await signedIn("provider", other.providerId)).cookie;
    const result = await actionResult(baseUrl, save(), theirs, [
      {
        providerDeliveryChannelId: setup.providerDeliveryChannelId,
        purposes: [{ fieldName: "phone", purpose: "Mine" }],
      },
    ]);
    expect(result.ok).toBe(false);
    expect(await stated()).toEqual([["phone", PURPOSE]]);
  });
});
