/**
 * GET /guides and /guides/<slug>: the docs index and each guide it lists, rendered once per process
 * and served with a CSP that allows their own stylesheet and nothing else (no script at all). Any
 * other slug is a 404 page: the slug only ever selects an entry of the index (lib/guides/catalog.ts).
 */
import { guideCatalog, readGuide } from "./catalog";
import { guidePage, INDEX } from "./guide-page";
import { GUIDE_STYLE_SOURCE } from "./guide-style";
import { renderGuide } from "./render";

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${GUIDE_STYLE_SOURCE}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const rendered = new Map<string, string>();

function answer(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
    },
  });
}

function render(markdown: string, current: string) {
  const { guides } = guideCatalog();
  const { html, headings } = renderGuide(markdown, new Set(guides.map((guide) => guide.slug)));
  const title = headings.find((heading) => heading.depth === 1)?.text ?? "Guides";
  return guidePage({ title: title.replaceAll("`", ""), body: html, guides, current });
}

/** The docs index (slug null) or the guide of a slug, or the 404 page. */
export function guideResponse(slug: string | null): Response {
  const key = slug ?? INDEX;
  const cached = rendered.get(key);
  if (cached) return answer(cached);
  let html: string;
  if (slug === null) html = render(guideCatalog().index, INDEX);
  else {
    const found = readGuide(slug);
    if (!found) return notFound();
    html = render(found.markdown, found.guide.slug);
  }
  rendered.set(key, html);
  return answer(html);
}

function notFound(): Response {
  const body =
    '<h1>No such guide</h1>\n<p>This guide does not exist. <a href="/guides">All guides</a> are listed on the guides page.</p>';
  return answer(
    guidePage({ title: "No such guide", body, guides: guideCatalog().guides, current: null }),
    404,
  );
}
