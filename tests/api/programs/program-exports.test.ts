/**
 * Issue 30, finding 11 "Finding things", over real HTTP against the built server: a program's
 * delivery requests, deliveries and channels export as CSV, formulas escaped, for the roles that may
 * read the program only.
 */
import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import { describe, expect, inject, it } from "vitest";
import { signedIn } from "../../support/http/portal-session";
import { delivery as oneDelivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();
const db = () => database().db();

/** A CSV's rows as papaparse would read them back (header first). */
const csvRows = (text: string) => Papa.parse<string[]>(text.trim(), { newline: "\r\n" }).data;

describe("a program's exports", () => {
  it("hand over its delivery requests, deliveries and channels as CSV, formulas escaped", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    // A description a spreadsheet would run: the export must not hand it over as a formula.
    const description = `=HYPERLINK("http://evil.example","${randomUUID().slice(0, 8)}")`;
    const beneficiaries = ["b-2", "b-1", "+b-3"];
    const sent = await sendThrough(
      setup,
      description,
      beneficiaries.map((id, index) => oneDelivery(10 + index, id)),
    );
    const manager = await signedIn(["program_manager"]);
    const base = `/admin/programs/${setup.programId}`;
    const page = await manager.get(base);
    for (const table of ["requests", "deliveries", "channels"])
      expect(page.body).toContain(`href="${base}/export/${table}"`);

    const requests = await manager.get(`${base}/export/requests`);
    expect(requests.status).toBe(200);
    const requestRows = csvRows(requests.html);
    expect(requestRows[0]).toEqual([
      "deliveryRequestId",
      "createdAt",
      "description",
      "channel",
      "providerDeliveryChannelId",
      "provider",
      "unit",
      "total",
      "deliveries",
      "delivered",
      "reverted",
      "undelivered",
      "approvalState",
      "status",
      "providerDeliveryRequestId",
    ]);
    expect(requestRows).toHaveLength(2);
    expect(requestRows[1]).toMatchObject({
      0: sent.deliveryRequestId,
      2: `'${description}`,
      3: "Cash",
      7: "33",
    });
    expect(requests.html).not.toMatch(/,"?=HYPERLINK/);

    const deliveries = await manager.get(`${base}/export/deliveries`);
    expect(deliveries.status).toBe(200);
    const deliveryRows = csvRows(deliveries.html);
    expect(deliveryRows[0]?.slice(0, 5)).toEqual([
      "deliveryRequestId",
      "deliveryRequest",
      "deliveryId",
      "beneficiaryId",
      "amount",
    ]);
    // In the order sent, each id masked as on the request's page (issue 36, item 2).
    expect(deliveryRows.slice(1).map((row) => [row[3], row[4], row[6]])).toEqual([
      ["•••", "10", "DELIVERY_PENDING"],
      ["•••", "11", "DELIVERY_PENDING"],
      ["••••", "12", "DELIVERY_PENDING"],
    ]);
    // The options (a phone number) stay out, as on the request's page.
    expect(deliveries.html).not.toContain("+359");
    const readsOf = () =>
      db().auditEntry.count({
        where: { action: "beneficiary.values_read", subjectId: sent.deliveryRequestId },
      });
    expect(await readsOf()).toBe(0);
    // In clear for a role that may see them and says why, the read recorded; "+b-3" escaped as a
    // formula would be. The page offers it to that role only.
    expect(page.body).toContain('id="export-purpose"');
    const inClear = csvRows((await manager.get(`${base}/export/deliveries?purpose=payment_query`)).html);
    expect(inClear.slice(1).map((row) => row[3])).toEqual(["b-2", "b-1", "'+b-3"]);
    expect(await readsOf()).toBe(1);
    const auditor = await signedIn(["auditor"]);
    expect((await auditor.get(base)).body).not.toContain('id="export-purpose"');
    const asAuditor = csvRows((await auditor.get(`${base}/export/deliveries?purpose=payment_query`)).html);
    expect(asAuditor.slice(1).map((row) => row[3])).toEqual(["•••", "•••", "••••"]);
    expect(await readsOf()).toBe(1);
    // A purpose not on the list (odd, repeated, huge) reveals nothing and records nothing.
    for (const purpose of [
      "curiosity",
      "payment_query&purpose=x",
      "%00",
      "a".repeat(5000),
      "PAYMENT_QUERY",
    ]) {
      const reply = await manager.get(`${base}/export/deliveries?purpose=${encodeURIComponent(purpose)}`);
      expect(reply.status, purpose.slice(0, 20)).toBe(200);
      expect(
        csvRows(reply.html)
          .slice(1)
          .map((row) => row[3]),
      ).toEqual(["•••", "•••", "••••"]);
    }
    expect(await readsOf()).toBe(1);

    const channels = await manager.get(`${base}/export/channels`);
    expect(channels.status).toBe(200);
    const channelRows = csvRows(channels.html);
    expect(channelRows).toHaveLength(2);
    expect(channelRows[1]).toMatchObject({ 0: setup.channelId, 2: "Cash", 4: "true", 8: "1", 9: "33" });
  });

  it("are refused (not found) to a provider's user, to no one signed in, and for no such table or program", async () => {
    const setup = await servingChannel({ currency: "EUR", amount: 100 });
    const base = `/admin/programs/${setup.programId}/export`;
    const owner = await signedIn("provider", setup.providerId);
    for (const table of ["requests", "deliveries", "channels"]) {
      expect((await owner.get(`${base}/${table}`)).status, table).toBe(404);
      const anonymous = await fetch(`${inject("baseUrl")}${base}/${table}`, { redirect: "manual" });
      expect(anonymous.status, table).toBe(404);
    }
    const auditor = await signedIn(["auditor"]);
    expect((await auditor.get(`${base}/requests`)).status).toBe(200);
    expect((await auditor.get(`${base}/payments`)).status).toBe(404);
    expect((await auditor.get(`/admin/programs/${randomUUID()}/export/requests`)).status).toBe(404);
  });
});
