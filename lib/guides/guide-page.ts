/**
 * The HTML of a guide page: the product's name, the guides' list and the guide. English (the guides
 * are written in English; the portals in every language link here), no script.
 */
import { escapeHtml } from "../api/reference/markdown";
import type { Guide } from "./catalog";
import { GUIDE_STYLE } from "./guide-style";

export interface GuidePageContent {
  /** The page's title, as text. */
  title: string;
  /** The guide's HTML (renderGuide), or the not-found text. */
  body: string;
  guides: Guide[];
  /** The slug of the guide shown, INDEX for the docs index, null for a page that is neither. */
  current: string | null;
}

/** `current` of the docs index's page. */
export const INDEX = "";

export function guidePage({ title, body, guides, current }: GuidePageContent): string {
  const items = guides
    .map((guide) => {
      const here = guide.slug === current ? ' aria-current="page"' : "";
      return `<li><a href="/guides/${escapeHtml(guide.slug)}"${here}>${escapeHtml(guide.title)}</a></li>`;
    })
    .join("");
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Guides · Delivery Channel Portal</title>
<style>${GUIDE_STYLE}</style>
</head>
<body>
<a class="skip" href="#guide">Skip to the guide</a>
<header class="top">
<a class="product" href="/">Delivery Channel Portal</a>
<a href="/guides"${current === INDEX ? ' aria-current="page"' : ""}>Guides</a>
<a href="/docs">API reference</a>
</header>
<div class="layout">
<main id="guide">
${body}
</main>
<nav aria-labelledby="guides-heading"><h2 id="guides-heading">Guides</h2><ul>${items}</ul></nav>
</div>
</body>
</html>
`;
}
