/**
 * The guides served by the running product (issue 31, item 3), over real HTTP against the built
 * server: /guides and every guide the docs index lists answer 200 in English with a CSP that allows
 * no script; anything else under /guides — an unknown slug, a path climbing out of docs/ however it
 * is spelled, a very long slug, odd characters — answers 404 and never a file from elsewhere; the
 * portals' pages link to the guide and heading lib/portal/guides.ts names.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createProvider } from "@/lib/domain/providers";
import { guideCatalog } from "@/lib/guides/catalog";
import { guideLink } from "@/lib/portal/guides";
import { type PortalSession, signedIn } from "../../support/http/portal-session";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN } from "../../support/users/actors";

openTestDb();

/** A GET of the path exactly as written: fetch would resolve `%2e%2e` and `..` before sending. */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: url.hostname, port: url.port, path, method: "GET", signal: AbortSignal.timeout(25_000) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

const { guides } = guideCatalog();

function expectGuidePolicy(headers: Record<string, unknown>) {
  const policy = String(headers["content-security-policy"] ?? "");
  expect(policy).toContain("default-src 'none'");
  expect(policy).toMatch(/style-src 'sha256-[^']+'/);
  expect(policy).not.toContain("script-src");
  expect(policy).not.toContain("unsafe-inline");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(String(headers["content-type"])).toContain("text/html");
}

describe("the guides", () => {
  it("serves the docs index at /guides, linking to every guide", async () => {
    const index = await rawGet("/guides");
    expect(index.status).toBe(200);
    expectGuidePolicy(index.headers);
    expect(index.body).toContain('<html lang="en"');
    for (const guide of guides) expect(index.body).toContain(`href="/guides/${guide.slug}"`);
  });

  it.each(guides.map((guide) => [guide.slug, guide.title]))("serves /guides/%s", async (slug, title) => {
    const page = await rawGet(`/guides/${slug}`);
    expect(page.status).toBe(200);
    expectGuidePolicy(page.headers);
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(page.body).toMatch(/<h1 id="[^"]+">/);
    expect(page.body).toContain(`aria-current="page">${title.replaceAll("'", "&#39;")}</a>`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it("links between guides within /guides, and to headings by their anchors", async () => {
    const keys = await rawGet("/guides/data-protection");
    expect(keys.body).toContain('href="/guides/keys#a-keys-last-requests"');
    expect(keys.body).toContain('<h2 id="beneficiary-data">');
    expect(keys.body).not.toMatch(/href="[^"]*\.md/);
  });

  const refused = [
    "/guides/nope",
    "/guides/README",
    "/guides/api.md",
    "/guides/API",
    "/guides/..%2Fpackage.json",
    "/guides/..%2F..%2Fetc%2Fpasswd",
    "/guides/%2e%2e%2fpackage.json",
    "/guides/%2e%2e/package.json",
    "/guides/%2e%2e%2f%2e%2e%2fpackage.json",
    "/guides/..%5cpackage.json",
    "/guides/spec%2Fdelivery-channel-service",
    "/guides/%00",
    "/guides/api%00",
    "/guides/%E2%80%AEapi",
    "/guides/api%20",
    "/guides/%252e%252e%252fpackage.json",
    `/guides/${"a".repeat(5_000)}`,
  ];
  it.each(refused)("answers %s with 404 and no file from elsewhere", async (path) => {
    const page = await rawGet(path);
    expect(page.status).toBe(404);
    expect(page.body).not.toContain('"dependencies"');
    expect(page.body).not.toContain("root:");
    expect(page.body).not.toContain("Delivery Channel Service");
    if (page.body.includes("No such guide")) expectGuidePolicy(page.headers);
  });

  // A dot segment, `..` or `%2e%2e` alike, is resolved by URL rules before any route is chosen (as a
  // browser resolves it before sending): /guides/.. is the site's root, never a file.
  it.each(["/guides/..", "/guides/%2e%2e", "/guides/%2E%2E/", "/guides/.%2e"])(
    "resolves %s to the site's root",
    async (path) => {
      const [root, page] = [await rawGet("/"), await rawGet(path)];
      expect(page.status).toBe(root.status);
      expect(page.body).toContain(">Delivery Channel Portal</title>");
      expect(page.body).not.toContain('"dependencies"');
    },
  );
});

describe("the portals' help links", () => {
  let admin: PortalSession;
  let owner: PortalSession;
  beforeAll(async () => {
    admin = await signedIn("admin");
    owner = await signedIn("provider", (await createProvider(ADMIN, `Guides ${randomUUID()}`)).id);
  });

  /** The address of the page's help link (`data-help-link` names the page of lib/portal/guides.ts). */
  const linkOf = (html: string, page: string) => {
    const link = [...html.matchAll(/<a [^>]*>/g)].find((tag) => tag[0].includes(`data-help-link="${page}"`));
    return link && /href="([^"]+)"/.exec(link[0])?.[1];
  };

  it.each([
    ["console.programs", "/admin/programs"],
    ["console.approvals", "/admin/approvals"],
    ["console.audit", "/admin/audit"],
    ["console.users", "/admin/users"],
    ["console.channels", "/admin/channels"],
    ["console.statement", "/admin/statement"],
  ] as const)("the console's %s page links to its guide", async (page, path) => {
    const shown = await admin.get(path);
    expect(shown.status).toBe(200);
    expect(linkOf(shown.html, page)).toBe(guideLink(page)?.href);
  });

  it.each([
    ["provider.channels", "/channels"],
    ["provider.keys", "/keys"],
    ["provider.webhooks", "/webhooks"],
    ["provider.team", "/team"],
    ["provider.inbox", "/inbox"],
    ["provider.statement", "/statement"],
  ] as const)("the portal's %s page links to its guide", async (page, path) => {
    const shown = await owner.get(path);
    expect(shown.status).toBe(200);
    const href = linkOf(shown.html, page);
    expect(href).toBe(guideLink(page)?.href);
    // The link lands on a heading of the served guide.
    const [guidePath, anchor] = (href ?? "").split("#");
    expect((await rawGet(guidePath ?? "")).body).toContain(` id="${anchor}"`);
  });
});
