/**
 * The console's audit page and CSV export over real HTTP: who may read them (administrators and
 * auditors; others get the not-found page), the filters, keyset paging that neither skips nor
 * repeats an entry while new ones are written between pages, and CSV cells a spreadsheet would run
 * as formulas arriving escaped.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { AUDIT_PAGE_SIZE, recordAudit } from "@/lib/domain/audit";
import { issuePlatformToken } from "@/lib/domain/keys";
import { createUser } from "@/lib/domain/users";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();
let auditor: PortalSession;
let actor: { id: string; email: string };

/** Records `count` entries about `subjectId`, by the test's own user. */
async function record(subjectId: string, count: number, note = "plain") {
  await database()
    .db()
    .$transaction((tx) =>
      recordAudit(
        tx,
        { kind: "user", id: actor.id },
        Array.from({ length: count }, (_, index) => ({
          action: "test.page_checked",
          subjectType: "AuditPageTest",
          subjectId,
          before: { n: index },
          after: { n: index + 1, note },
        })),
      ),
    );
}

/** The subject's entries' positions on every page, following the "Older entries" links. */
async function walkPages(subjectId: string, between?: () => Promise<void>) {
  const seen: number[] = [];
  let path: string | null = `/admin/audit?subjectId=${subjectId}`;
  while (path) {
    const page = await auditor.get(path);
    expect(page.status).toBe(200);
    seen.push(...[...page.body.matchAll(/data-seq="(\d+)"/g)].map((match) => Number(match[1])));
    const older: RegExpMatchArray | null = page.body.match(/href="(\/admin\/audit\?[^"]*before=\d+[^"]*)"/);
    path = older ? older[1]!.replaceAll("&amp;", "&") : null;
    await between?.();
  }
  return seen;
}

beforeAll(async () => {
  auditor = await signedIn(["auditor"]);
  const email = `audit-actor-${randomUUID().slice(0, 8)}@pages.example`;
  const user = await createUser({
    email,
    name: "Audit Actor",
    password: `pw-${randomUUID()}`,
    roles: ["reviewer"],
  });
  actor = { id: user.id, email };
});

describe("the audit page", () => {
  it("is for administrators and auditors: a reviewer, a program manager and a provider owner get not-found", async () => {
    expect((await auditor.get("/admin/audit")).status).toBe(200);
    expect((await (await signedIn(["administrator"])).get("/admin/audit")).status).toBe(200);
    for (const roles of [["reviewer"], ["program_manager"], ["finance_approver"]] as const) {
      const session = await signedIn([...roles]);
      expect((await session.get("/admin/audit")).status).toBe(404);
      expect((await session.get("/admin/audit/export")).status).toBe(404);
    }
    const owner = await signedIn("provider", inject("providerA").id);
    expect((await owner.get("/admin/audit")).status).toBe(404);
    expect((await owner.get("/admin/audit/export")).status).toBe(404);
  });

  it("filters by actor email, action and subject, and shows what changed", async () => {
    const subjectId = randomUUID();
    await record(subjectId, 2);
    const page = await auditor.get(
      `/admin/audit?actor=${encodeURIComponent(actor.email)}&action=test.page_checked&subjectId=${subjectId}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.match(/data-seq="\d+"/g)).toHaveLength(2);
    expect(page.body).toContain(actor.email);
    expect(page.body).toContain(subjectId);
    const otherActor = await auditor.get(`/admin/audit?actor=nobody%40example.org&subjectId=${subjectId}`);
    expect(otherActor.body.match(/data-seq="\d+"/g)).toBeNull();
    const otherDay = await auditor.get(`/admin/audit?subjectId=${subjectId}&from=2001-01-01&to=2001-01-02`);
    expect(otherDay.body.match(/data-seq="\d+"/g)).toBeNull();
  });

  it("filters by part of an email, in any case, on the page and in its CSV export (issue 30, finding 11)", async () => {
    const subjectId = randomUUID();
    await record(subjectId, 2);
    // The part before the domain, upper-cased: the filter is a case-insensitive "contains".
    const part = actor.email.split("@")[0]!.slice("audit-".length).toUpperCase();
    const page = await auditor.get(`/admin/audit?actor=${encodeURIComponent(part)}&subjectId=${subjectId}`);
    expect(page.status).toBe(200);
    expect(page.body.match(/data-seq="\d+"/g)).toHaveLength(2);
    expect(page.body).toContain(actor.email);
    // The export link carries the same filter, and the export answers the same rows.
    expect(page.body).toContain(`/admin/audit/export?actor=${encodeURIComponent(part)}`);
    const csv = await auditor.get(
      `/admin/audit/export?actor=${encodeURIComponent(part)}&subjectId=${subjectId}`,
    );
    expect(csv.status).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(actor.email);
    // `_` and `%` are characters, not LIKE's patterns: "audit_actor" is not "audit-actor".
    for (const term of ["audit_actor", "audit%actor", "%"]) {
      const other = await auditor.get(
        `/admin/audit?actor=${encodeURIComponent(term)}&subjectId=${subjectId}`,
      );
      expect(other.body.match(/data-seq="\d+"/g), term).toBeNull();
    }
    // An actor id still selects its entries as it is.
    const byId = await auditor.get(`/admin/audit?actor=${actor.id}&subjectId=${subjectId}`);
    expect(byId.body.match(/data-seq="\d+"/g)).toHaveLength(2);
  });

  it("pages by chain position: every entry once, newest first, while entries are written between pages", async () => {
    const subjectId = randomUUID();
    const total = AUDIT_PAGE_SIZE * 2 + 7;
    await record(subjectId, total);
    const seen = await walkPages(subjectId, () => record(subjectId, 3));
    const first = seen.slice(0, AUDIT_PAGE_SIZE);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    // The entries written while paging are newer than the first page: none appears, none repeats.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
  });

  it("hostile filters list nothing or everything, never fail", async () => {
    for (const query of [
      "before=-1",
      "before=99999999999999999999999",
      "from=2024-13-45",
      `actor=${"x".repeat(5000)}`,
      "action=%00%ff",
      "subjectId=' OR 1=1 --",
      "from=a&from=b",
    ]) {
      const page = await auditor.get(`/admin/audit?${query}`);
      expect(page.status, query).toBe(200);
    }
  });
});

describe("a platform API call", () => {
  it("is recorded with the token as actor, found by its user's email, with the request id it was sent", async () => {
    const email = `token-holder-${randomUUID().slice(0, 8)}@pages.example`;
    const user = await createUser({
      email,
      name: "Token Holder",
      password: `pw-${randomUUID()}`,
      roles: ["program_manager"],
    });
    const holder = {
      kind: "user" as const,
      id: user.id,
      personId: user.id,
      holds: ["program_manager" as const],
      providerId: null,
    };
    const { token, record } = await issuePlatformToken(holder, { name: "nightly sync", expiresInDays: 1 });
    const requestId = `audit-test-${randomUUID()}`;
    const created = await fetch(`${inject("baseUrl")}/api/platform/v1/programs`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "x-request-id": requestId,
      },
      body: JSON.stringify({ name: "Audited program", unit: "EUR", virtualBudget: 1000 }),
    });
    expect(created.status).toBe(200);
    expect(created.headers.get("x-request-id")).toBe(requestId);

    const page = await auditor.get(`/admin/audit?actor=${encodeURIComponent(email)}`);
    const rows = page.body.split("<tr").filter((row) => row.includes("data-seq"));
    const programRow = rows.find((row) => row.includes("program.created"));
    expect(programRow).toContain(`${email} (token “nightly sync”)`);
    expect(programRow).toContain(requestId);
    expect(rows.some((row) => row.includes("token.issued"))).toBe(true);
    const entry = await database()
      .db()
      .auditEntry.findFirstOrThrow({ where: { requestId, action: "program.created" } });
    expect(entry).toMatchObject({ actorType: "token", actorId: record.id });
  });
});

describe("the CSV export", () => {
  it("has every filtered entry, formulas escaped", async () => {
    // A subject id a spreadsheet would run: the export must not hand it over as a formula.
    const subjectId = `=HYPERLINK("http://evil.example","${randomUUID()}")`;
    await record(subjectId, 3);
    const csv = await auditor.get(`/admin/audit/export?subjectId=${encodeURIComponent(subjectId)}`);
    expect(csv.status).toBe(200);
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "position,at,actorType,actorId,actor,action,subjectType,subjectId,before,after,detail,requestId,hash",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(actor.email);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
    expect(csv.body).not.toMatch(/,"=/);
    expect(csv.body).toContain(`,"'=HYPERLINK(""http://evil.example""`);
  });
});
