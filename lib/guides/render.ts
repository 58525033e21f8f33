/**
 * A guide's Markdown as HTML (marked, GitHub's flavour): headings get GitHub's anchors as ids, links
 * between guides point at /guides/<slug>, and nothing in the text becomes markup of its own — raw
 * HTML is shown as text, links only go to http(s), mail, an anchor or a served guide, images show
 * their description.
 */
import { Marked } from "marked";
import { escapeHtml } from "../api/reference/markdown";
import { anchorCounter } from "./anchors";

export interface GuideHeading {
  depth: number;
  /** As written in the Markdown. */
  text: string;
  id: string;
}

/**
 * Where a guide's link goes when served, or null when it names nothing the product serves (a file of
 * the repository such as ../ARCHITECTURE.md, another scheme): then its label stays as plain text.
 */
export function servedHref(href: string, guideSlugs: ReadonlySet<string>): string | null {
  if (href.startsWith("#")) return href;
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  const hash = href.indexOf("#");
  const file = hash === -1 ? href : href.slice(0, hash);
  const anchor = hash === -1 ? "" : href.slice(hash);
  if (/^(\.\/)?README\.md$/.test(file)) return `/guides${anchor}`;
  const slug = /^(?:\.\/)?([a-z0-9][a-z0-9-]*)\.md$/.exec(file)?.[1];
  return slug && guideSlugs.has(slug) ? `/guides/${slug}${anchor}` : null;
}

export function renderGuide(markdown: string, guideSlugs: ReadonlySet<string>) {
  const headings: GuideHeading[] = [];
  const anchorOf = anchorCounter();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }) {
        const id = anchorOf(text);
        headings.push({ depth, text, id });
        return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      html({ text }) {
        return escapeHtml(text);
      },
      link({ href, title, tokens }) {
        const label = this.parser.parseInline(tokens);
        const target = servedHref(href, guideSlugs);
        if (target === null) return label;
        return `<a href="${escapeHtml(target)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${label}</a>`;
      },
      image({ text }) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { html, headings };
}
