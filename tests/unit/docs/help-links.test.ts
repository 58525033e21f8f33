/**
 * The guides the product serves and the help links to them (issue 31, item 3): every page's entry in
 * lib/portal/guides.ts names a guide the docs index lists and a heading that guide has, so its link
 * lands on that heading; the index lists only files of docs/; the renderer gives headings GitHub's
 * anchors, points links between guides at /guides and lets nothing in a guide become markup.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingAnchor } from "@/lib/guides/anchors";
import { findGuide, guideCatalog, parseGuideIndex, readGuide } from "@/lib/guides/catalog";
import { renderGuide, servedHref } from "@/lib/guides/render";
import { guideLink, PAGE_GUIDES } from "@/lib/portal/guides";

const root = path.resolve(import.meta.dirname, "../../..");
const { guides } = guideCatalog();
const slugs = new Set(guides.map((guide) => guide.slug));

/** The rendered headings of a listed guide. */
function headingsOf(slug: string) {
  const found = readGuide(slug);
  if (!found) throw new Error(`the docs index lists no guide ${slug}`);
  return renderGuide(found.markdown, slugs).headings;
}

describe("the help links", () => {
  it.each(Object.entries(PAGE_GUIDES))("%s names a listed guide and one of its headings", (page, target) => {
    expect(findGuide(target.guide), `${page}: guide ${target.guide}`).toBeDefined();
    const headings = headingsOf(target.guide);
    const heading = headings.find((each) => each.text === target.heading);
    expect(heading, `${page}: docs/${target.guide}.md has no heading "${target.heading}"`).toBeDefined();
    const link = guideLink(page as keyof typeof PAGE_GUIDES);
    expect(link?.href).toBe(`/guides/${target.guide}#${heading?.id}`);
    expect(link?.title).toBe(findGuide(target.guide)?.title);
  });

  it("cover each subject's guide the issue names", () => {
    const linked = new Set(Object.values(PAGE_GUIDES).map((target) => target.guide));
    for (const guide of ["keys", "webhooks", "money", "approvals-and-translations", "sandbox", "mail"])
      expect(linked, guide).toContain(guide);
    expect(linked).toContain("data-protection");
  });
});

describe("the docs index", () => {
  it("lists guides that exist in docs/, each with a title, data protection among them", () => {
    expect(guides.length).toBeGreaterThanOrEqual(15);
    for (const guide of guides) {
      expect(existsSync(path.join(root, "docs", `${guide.slug}.md`)), guide.slug).toBe(true);
      expect(headingsOf(guide.slug)[0]?.depth, guide.slug).toBe(1);
    }
    expect(slugs).toContain("data-protection");
  });

  it("takes only plain slugs from its table, never a path", () => {
    const index = [
      "| [Good](good-guide.md) | yes |",
      "| [Up](../package.md) | no |",
      "| [Deeper](spec/contract.md) | no |",
      "| [Upper](README.md) | no |",
      "| [Web](https://example.org/x.md) | no |",
      "[Outside a table](other.md)",
    ].join("\n");
    expect(parseGuideIndex(index)).toEqual([{ slug: "good-guide", title: "Good" }]);
  });

  it("answers nothing for a slug it does not list", () => {
    for (const slug of ["", "..", "../package", "README", "spec/delivery-channel-service", "API", "api.md"])
      expect(readGuide(slug), slug).toBeUndefined();
  });
});

describe("a guide's HTML", () => {
  const render = (markdown: string) => renderGuide(markdown, new Set(["keys", "webhooks"])).html;

  it("gives headings GitHub's anchors, a repeated one numbered", () => {
    const { html, headings } = renderGuide(
      "# API keys\n\n## A key's last requests\n\n## Limits (what `x` accepts)\n\n## Notes\n\n## Notes\n",
      new Set(),
    );
    expect(headings.map((heading) => heading.id)).toEqual([
      "api-keys",
      "a-keys-last-requests",
      "limits-what-x-accepts",
      "notes",
      "notes-1",
    ]);
    expect(html).toContain('<h2 id="a-keys-last-requests">');
    expect(headingAnchor("Programs, budgets and delivery requests")).toBe(
      "programs-budgets-and-delivery-requests",
    );
  });

  it("points links between guides at /guides, keeps web links and anchors, and drops the rest to text", () => {
    const slugSet = new Set(["keys"]);
    expect(servedHref("keys.md", slugSet)).toBe("/guides/keys");
    expect(servedHref("./keys.md#a-keys-last-requests", slugSet)).toBe("/guides/keys#a-keys-last-requests");
    expect(servedHref("README.md", slugSet)).toBe("/guides");
    expect(servedHref("#here", slugSet)).toBe("#here");
    expect(servedHref("https://www.better-auth.com", slugSet)).toBe("https://www.better-auth.com");
    for (const href of [
      "../ARCHITECTURE.md",
      "spec/x.md",
      "other.md",
      "javascript:alert(1)",
      "/etc/passwd",
      "data:text/html,x",
    ])
      expect(servedHref(href, slugSet), href).toBeNull();
    const html = render(
      "See [keys](keys.md#rotating), [the map](../ARCHITECTURE.md) and [x](javascript:alert(1)).",
    );
    expect(html).toContain('<a href="/guides/keys#rotating">keys</a>');
    expect(html).toContain("the map");
    expect(html).not.toContain("ARCHITECTURE.md");
    expect(html).not.toContain("javascript:");
  });

  it("shows raw HTML and images as text, never as markup", () => {
    const html = render(
      '<script>alert(1)</script>\n\nA <img src=x onerror="alert(1)"> inline, and ![a picture](https://example.org/p.png).',
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("a picture");
  });

  it("renders the guides' tables and code blocks", () => {
    const html = render("| a | b |\n| - | - |\n| 1 | `<2>` |\n\n```sh\necho '<b>'\n```\n");
    expect(html).toContain("<table>");
    expect(html).toContain("<code>&lt;2&gt;</code>");
    expect(html).toMatch(/<pre><code[^>]*>echo &#39;&lt;b&gt;&#39;/);
  });

  it("is the file in docs/ (the catalog reads no other)", () => {
    const found = readGuide("keys");
    expect(found?.markdown).toBe(readFileSync(path.join(root, "docs", "keys.md"), "utf8"));
  });
});
