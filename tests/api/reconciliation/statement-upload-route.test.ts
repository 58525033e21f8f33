/**
 * The statement upload over real HTTP (issue 32, item 3): the console's route streams progress and
 * then its result; the result page and the break report show what the upload found; the template
 * downloads. Who may upload, and hostile bodies (not JSON, wrong types, huge, another origin): a
 * clear refusal every time, never a 500, nothing written. The classes themselves are proved in
 * tests/domain/reconciliation/statement-uploads.test.ts.
 */
import Papa from "papaparse";
import { describe, expect, inject, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "@/lib/contract/reconciliation/statement-upload-schema";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { delivery, sendThrough, servingChannel } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();
const today = new Date().toISOString().slice(0, 10);

async function sentTwo() {
  const setup = await servingChannel({ currency: "EUR", amount: 1000 });
  const sent = await sendThrough(setup, "Upload", [delivery(100), delivery(50)]);
  const rows = await database()
    .db()
    .delivery.findMany({
      where: { deliveryRequestId: sent.deliveryRequestId },
      orderBy: { amountMinor: "desc" },
    });
  return { providerId: setup.providerId, hundred: rows[0]!.id, fifty: rows[1]!.id };
}

interface StreamLine {
  progress?: { stage: string };
  result?: {
    ok: boolean;
    error?: string;
    data: { uploadId: string; repeated: boolean; problemCount?: number };
  };
}

/** POSTs `body` as the upload form does; answers the status and each NDJSON line. */
async function post(session: PortalSession | null, body: string, origin: string | null = inject("baseUrl")) {
  const response = await fetch(`${inject("baseUrl")}/admin/statement/uploads/send`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(session ? { cookie: session.cookie } : {}),
      ...(origin ? { origin } : {}),
    },
    body,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  const lines =
    response.status === 200
      ? text
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as StreamLine)
      : [];
  return { status: response.status, lines, result: lines.at(-1)?.result };
}

const body = (providerId: string, csv: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    provider: providerId,
    from: today,
    to: today,
    fileName: "march.csv",
    mapping: DEFAULT_STATEMENT_MAPPING,
    csv,
    ...extra,
  });

describe("a finance approver uploads a statement", () => {
  it("sees its progress, then its result page and its break report", async () => {
    const world = await sentTwo();
    const finance = await signedIn(["finance_approver"]);
    const csv = [
      "deliveryId,providerDeliveryId,amount,unit,status",
      `${world.hundred},PAY-1,100.00,EUR,DELIVERED`,
      `${world.fifty},PAY-2,45.00,EUR,DELIVERED`,
      "=HYPERLINK(1),,1.00,EUR,DELIVERED",
    ].join("\n");
    const answer = await post(finance, body(world.providerId, csv));
    expect(answer.status).toBe(200);
    expect(answer.lines.map((line) => line.progress?.stage).filter(Boolean)).toEqual(
      expect.arrayContaining(["reading", "matching", "saving"]),
    );
    expect(answer.result).toMatchObject({ ok: true, data: { repeated: false } });
    const uploadId = answer.result!.data.uploadId;

    const page = await finance.get(`/admin/statement/uploads/${uploadId}`);
    expect(page.status).toBe(200);
    for (const text of ["Amount differs", "Unknown delivery", "march.csv", "45.00 EUR", "50.00 EUR"])
      expect(page.body).toContain(text);
    expect(page.body).toContain("1 outcome the provider had not reported through Sync was applied.");
    // Our status in words, its code on hover; the file's own label as the file wrote it.
    expect(page.body).toContain('<span title="DELIVERY_PENDING">Pending</span>');
    expect(page.body).not.toMatch(/·\s*DELIVERY_PENDING/);
    const breakLink = page.body.match(/href="(\/admin\/statement\/breaks\/[^"]+)"/)?.[1];
    const breakPage = await finance.get(breakLink!);
    expect(breakPage.status).toBe(200);
    // The first break by line: the 50.00 delivery paid 45.00, still pending in our records.
    expect(breakPage.body.replaceAll("<!-- -->", "")).toContain(
      '50.00 EUR · <span title="DELIVERY_PENDING">Pending</span>',
    );

    const report = await finance.get(`/admin/statement/uploads/${uploadId}/breaks`);
    const rows = Papa.parse<string[]>(report.html.trim()).data;
    expect(rows[0]).toEqual([
      "line",
      "break",
      "deliveryId",
      "reference",
      "fileAmount",
      "fileUnit",
      "fileStatus",
      "ourAmount",
      "ourUnit",
      "ourStatus",
    ]);
    expect(rows).toContainEqual([
      "3",
      "AMOUNT_MISMATCH",
      world.fifty,
      "PAY-2",
      "45",
      "EUR",
      "DELIVERED",
      "50",
      "EUR",
      "DELIVERY_PENDING",
    ]);
    // A formula in the provider's file is escaped in the report, as in every export.
    expect(rows.find((row) => row[1] === "UNKNOWN_DELIVERY")?.[2]).toBe("'=HYPERLINK(1)");

    // The same file again: the first upload's result, nothing new.
    const again = await post(finance, body(world.providerId, csv));
    expect(again.result).toMatchObject({ ok: true, data: { uploadId, repeated: true } });

    const list = await finance.get("/admin/statement/uploads");
    expect(list.body).toContain("march.csv");
    const template = await finance.get("/admin/statement/uploads/template");
    expect(template.html.split("\r\n")[0]).toBe("deliveryId,providerDeliveryId,amount,unit,status");
  });

  it("a file it cannot read comes back with its problems by line", async () => {
    const world = await sentTwo();
    const finance = await signedIn(["finance_approver"]);
    const answer = await post(
      finance,
      body(
        world.providerId,
        `deliveryId,providerDeliveryId,amount,unit,status\n${world.hundred},,12,5,EUR,DELIVERED\n${world.fifty},,50.00,EUR,PAID`,
      ),
    );
    expect(answer.result).toMatchObject({ ok: true, data: { problemCount: 2 } });
    expect(JSON.stringify(answer.result)).toContain("the status “PAID” means nothing yet");
  });
});

describe("a reader who leaves", () => {
  it("does not stop the upload: what it applies is recorded with its result", {
    timeout: 90_000,
  }, async () => {
    // Enough lines that the upload is still matching when the reader has left.
    const setup = await servingChannel({ currency: "EUR", amount: 100_000 }, "EUR", 100_000);
    const sent = await sendThrough(
      setup,
      "Leaver",
      Array.from({ length: 3000 }, () => delivery(1)),
    );
    const rows = await database()
      .db()
      .delivery.findMany({ where: { deliveryRequestId: sent.deliveryRequestId }, select: { id: true } });
    const finance = await signedIn(["finance_approver"]);
    const csv = [
      "deliveryId,providerDeliveryId,amount,unit,status",
      ...rows.map(({ id }) => `${id},,1.00,EUR,DELIVERED`),
    ].join("\n");
    const leaving = new AbortController();
    const response = await fetch(`${inject("baseUrl")}/admin/statement/uploads/send`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: finance.cookie, origin: inject("baseUrl") },
      body: body(setup.providerId, csv),
      signal: leaving.signal,
    });
    // The first progress line arrives, and the reader goes.
    await response.body!.getReader().read();
    leaving.abort();
    const recorded = async () =>
      database()
        .db()
        .statementUpload.findFirst({ where: { providerId: setup.providerId } });
    for (let waited = 0; waited < 80 && !(await recorded()); waited++)
      await new Promise((r) => setTimeout(r, 500));
    expect(await recorded()).toMatchObject({ lineCount: 3000, appliedCount: 3000 });
  });
});

describe("refused, clearly, with nothing written", () => {
  it("answers each hostile request without a 500", async () => {
    const world = await sentTwo();
    const finance = await signedIn(["finance_approver"]);
    const manager = await signedIn(["program_manager"]);
    const owner = await signedIn("provider", world.providerId);
    const good = body(world.providerId, `deliveryId,amount,unit\n${world.hundred},100.00,EUR`);
    expect((await post(null, good)).status).toBe(404);
    expect((await post(owner, good)).status).toBe(404);
    expect((await post(manager, good)).status).toBe(403);
    expect((await post(finance, good, "https://evil.example")).status).toBe(403);
    expect((await post(finance, good, null)).status).toBe(403);
    expect((await post(finance, "{not json")).status).toBe(400);
    expect((await post(finance, "x".repeat(26_000_000))).status).toBe(413);
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    for (const hostile of [
      deep,
      "null",
      JSON.stringify({ provider: 5 }),
      body(world.providerId, "", { mapping: { columns: {}, labels: {} } }),
      body(world.providerId, "a", { from: "2026-02-30" }),
      body(world.providerId, "a", { mapping: { ...DEFAULT_STATEMENT_MAPPING, extra: 1 } }),
      body(world.providerId, "a\u0000b"),
    ]) {
      const answer = await post(finance, hostile);
      expect(answer.status, hostile.slice(0, 60)).toBe(200);
      expect(answer.result, hostile.slice(0, 60)).toMatchObject({ ok: false, error: expect.any(String) });
    }
    const unknown = await post(finance, body("0193a1c2-7e1f-7000-8000-0000000000aa", "a,b"));
    expect(unknown.result).toMatchObject({ ok: false, error: "No such provider." });
    expect(
      await database()
        .db()
        .statementUpload.count({ where: { providerId: world.providerId } }),
    ).toBe(0);
    expect((await finance.get("/admin/statement/uploads/not-an-upload")).status).toBe(404);
    expect((await finance.get("/admin/statement/uploads/not-an-upload/breaks")).status).toBe(404);
  });
});
