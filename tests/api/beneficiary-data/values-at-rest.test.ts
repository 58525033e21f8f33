/**
 * Issue 36, item 1: beneficiaries' values are sealed at rest. After sends over the platform API the
 * database (SQLite's file and log as bytes, PostgreSQL's every row) holds no option value in clear;
 * the provider's webhook body still carries them (it must pay them); the logs' preview shows them
 * masked; one beneficiary keeps one data key across sends, and the key table names no beneficiary.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../../lib/db";
import { eventBody } from "../../../lib/domain/webhooks";
import { storedText, valuesIn } from "../../support/beneficiary-data/stored-text";
import { PHONE_OPTION, servingChannel } from "../../support/money/money-setup";
import { dataOf, type PlatformUser, platform, platformUser } from "../../support/platform/platform-api";
import { ownServer } from "../../support/server/own-server";

const own = ownServer();
afterAll(() => disconnectDb());

const IBAN_OPTION = {
  fieldLabel: "IBAN",
  fieldName: "iban",
  dataType: "STRING",
  isRequired: false,
  fieldMinLength: 15,
  fieldMaxLength: 34,
  validationRegex: "^[A-Z]{2}[0-9A-Z]+$",
};

const PEOPLE = [
  { beneficiaryId: "BEN-ALPHA", phone: "+380501234567", iban: "UA213223130000026007233566001" },
  { beneficiaryId: "BEN-BRAVO", phone: "+359888765432", iban: "BG80BNBG96611020345678" },
];
const VALUES = PEOPLE.flatMap((person) => [person.phone, person.iban, person.phone.slice(4)]);

let manager: PlatformUser;
let setup: Awaited<ReturnType<typeof servingChannel>>;
const sentIds: string[] = [];

beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  manager = await platformUser(["program_manager"]);
  setup = await servingChannel(undefined, "EUR", 1e6, [PHONE_OPTION, IBAN_OPTION]);
  for (const description of ["First round", "Second round"]) {
    const reply = await platform(`/programs/${setup.programId}/delivery-requests`, {
      baseUrl: own.server().baseUrl,
      token: manager.token,
      body: {
        channelId: setup.channelId,
        description,
        deliveries: PEOPLE.map((person, n) => ({
          beneficiaryId: person.beneficiaryId,
          amount: 10 + n + description.length,
          options: { phone: person.phone, iban: person.iban },
        })),
      },
    });
    sentIds.push(dataOf(reply).deliveryRequestId);
  }
});

const eventOf = (deliveryRequestId: string) =>
  db().outboxEvent.findFirstOrThrow({ where: { deliveriesOf: deliveryRequestId } });

describe("beneficiaries' values at rest", () => {
  it("the database holds none of them in clear, in any table", async () => {
    const text = await storedText(own.databaseUrl());
    expect(text.length).toBeGreaterThan(1000);
    // The search itself finds what is stored in clear: the requests' descriptions are.
    expect(valuesIn(text, ["Second round"], own.databaseUrl().startsWith("file:"))).toEqual(["Second round"]);
    // Neither the values nor the beneficiary ids are.
    const ids = PEOPLE.map((person) => person.beneficiaryId);
    expect(valuesIn(text, [...VALUES, ...ids], own.databaseUrl().startsWith("file:"))).toEqual([]);
  });

  it("each delivery's options are sealed, naming its beneficiary's one data key", async () => {
    const rows = await db().delivery.findMany({ where: { deliveryRequestId: { in: sentIds } } });
    expect(rows).toHaveLength(4);
    const keyIdOf = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(row.options).toMatch(/^b1\.[\w-]{16}\.[\w-]+\.[\w-]+\.[\w-]+$/);
      // The id sealed with the same key as the values; the ref names the beneficiary without saying who.
      expect(row.beneficiaryId.split(".")[1]).toBe(row.options.split(".")[1]);
      expect(row.beneficiaryRef).toMatch(/^[\w-]{43}$/);
      const ids = keyIdOf.get(row.beneficiaryRef!) ?? new Set();
      ids.add(row.options.split(".")[1]!);
      keyIdOf.set(row.beneficiaryRef!, ids);
    }
    expect([...keyIdOf.values()].map((ids) => ids.size)).toEqual([1, 1]);
    const keys = await db().beneficiaryKey.findMany();
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.liveRef).toBe(key.ref);
      expect(key.ref).not.toContain("BEN");
      expect(key.wrappedKey).toMatch(/^w1\.[0-9a-f]{12}\./);
    }
  });

  it("the provider's webhook body carries the values in clear, and the logs' preview masks them", async () => {
    const event = await eventOf(sentIds[0]!);
    const body = JSON.parse(await eventBody(event));
    expect(
      body.delivery.map((item: { beneficiaryId: string; deliveryOptions: unknown }) => [
        item.beneficiaryId,
        item.deliveryOptions,
      ]),
    ).toEqual(
      PEOPLE.map((person) => [
        person.beneficiaryId,
        [
          { key: "phone", value: person.phone },
          { key: "iban", value: person.iban },
        ],
      ]),
    );
    expect(valuesIn(event.payloadPreview, VALUES, false)).toEqual([]);
    expect(event.payloadPreview).toContain('"value":"+380•••••4567"');
    expect(event.payloadPreview).toContain('"value":"UA21•••••••••••••••••••••6001"');
  });
});

describe("minimisation", () => {
  it("refuses a value no delivery option asks for, naming it, and stores nothing", async () => {
    const before = await db().delivery.count();
    const reply = await platform(`/programs/${setup.programId}/delivery-requests`, {
      baseUrl: own.server().baseUrl,
      token: manager.token,
      body: {
        channelId: setup.channelId,
        description: "With an extra value",
        deliveries: [
          {
            beneficiaryId: "BEN-EXTRA",
            amount: 5,
            options: { phone: "+380501112299", nationalId: "AB123456" },
          },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.json)).toMatch(
      /deliveries\[0\]\.nationalId: is not a delivery option of this channel/,
    );
    expect(await db().delivery.count()).toBe(before);
    expect(
      valuesIn(await storedText(own.databaseUrl()), ["AB123456"], own.databaseUrl().startsWith("file:")),
    ).toEqual([]);
  });
});

describe("two sends naming the same new beneficiaries at once", () => {
  it("both succeed, each beneficiary gets one live key, and both sends' values open with it", async () => {
    const other = await servingChannel(undefined, "EUR", 1e6, [PHONE_OPTION]);
    const people = Array.from({ length: 60 }, (_, n) => `BEN-RACE-${n}`);
    const sendTo = (target: { programId: string; channelId: string }, tag: string) =>
      platform(`/programs/${target.programId}/delivery-requests`, {
        baseUrl: own.server().baseUrl,
        token: manager.token,
        body: {
          channelId: target.channelId,
          description: `Race ${tag}`,
          deliveries: people.map((beneficiaryId, n) => ({
            beneficiaryId,
            amount: 1 + n,
            options: { phone: `+38050${tag}${String(n).padStart(5, "0")}` },
          })),
        },
      });
    const replies = await Promise.all([sendTo(setup, "1"), sendTo(other, "2")]);
    const ids = replies.map((reply) => dataOf(reply).deliveryRequestId as string);
    const rows = await db().delivery.findMany({ where: { deliveryRequestId: { in: ids } } });
    expect(rows).toHaveLength(120);
    const keyIds = new Map<string, Set<string>>();
    for (const row of rows)
      keyIds.set(
        row.beneficiaryRef!,
        (keyIds.get(row.beneficiaryRef!) ?? new Set()).add(row.options.split(".")[1]!),
      );
    expect([...keyIds.values()].every((set) => set.size === 1)).toBe(true);
    expect(
      await db().beneficiaryKey.count({
        where: { liveRef: { not: null }, id: { in: [...keyIds.values()].flatMap((set) => [...set]) } },
      }),
    ).toBe(60);
    for (const id of ids) {
      const event = await db().outboxEvent.findFirstOrThrow({ where: { deliveriesOf: id } });
      const body = JSON.parse(await eventBody(event));
      const phones = body.delivery.map(
        (item: { deliveryOptions: Array<{ key: string; value: string }> }) =>
          item.deliveryOptions.find((option) => option.key === "phone")?.value,
      );
      expect(phones.every((phone: string | undefined) => phone?.startsWith("+38050"))).toBe(true);
    }
  });
});
