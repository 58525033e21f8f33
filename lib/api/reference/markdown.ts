/**
 * The Markdown the document's descriptions use, as HTML: `##`/`###` headings, paragraphs, `- ` lists,
 * fenced code, and inline code, bold, italics and links. Our own text only, so a small subset
 * suffices; everything is escaped first, so no description can inject markup.
 */

export const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** A heading's anchor: lower-case words joined by hyphens. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const SAFE_LINK = /^(https?:\/\/|\/|#)/;

/** Inline markup of one escaped line; code spans first, so their content stays literal. */
export function inline(text: string): string {
  return escapeHtml(text)
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.startsWith("`") && part.endsWith("`") && part.length > 1
        ? `<code>${part.slice(1, -1)}</code>`
        : part
            .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
            .replace(/(^|[\s(])\*([^*\s][^*]*?)\*(?=[\s).,;:]|$)/g, "$1<em>$2</em>")
            .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (match, label: string, href: string) =>
              SAFE_LINK.test(href) ? `<a href="${href}">${label}</a>` : match,
            ),
    )
    .join("");
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** Headings of the text get ids `${prefix}${slug}` and are shifted by `shift` levels. */
export interface MarkdownOptions {
  prefix: string;
  shift: number;
}

/** The HTML of a Markdown text and the headings in it (for a table of contents). */
export function markdown(text: string, { prefix, shift }: MarkdownOptions) {
  const html: string[] = [];
  const headings: Heading[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? "";
    const heading = /^(#{1,4}) (.+)$/.exec(line);
    if (line.startsWith("```")) {
      const language = line.slice(3).trim();
      const end = lines.indexOf("```", i + 1);
      const code = lines.slice(i + 1, end === -1 ? undefined : end).join("\n");
      html.push(codeBlock(code, language));
      i = end === -1 ? lines.length : end + 1;
    } else if (heading?.[1] && heading[2]) {
      const entry = { level: heading[1].length + shift, text: heading[2], id: prefix + slug(heading[2]) };
      headings.push(entry);
      html.push(`<h${entry.level} id="${entry.id}">${inline(entry.text)}</h${entry.level}>`);
      i += 1;
    } else if (line.startsWith("- ")) {
      const items: string[] = [];
      for (; lines[i]?.startsWith("- "); i += 1) items.push(`<li>${inline(lines[i]?.slice(2) ?? "")}</li>`);
      html.push(`<ul>${items.join("")}</ul>`);
    } else if (line.trim() === "") {
      i += 1;
    } else {
      const paragraph: string[] = [];
      for (; lines[i]?.trim() && !/^(#|- |```)/.test(lines[i] ?? ""); i += 1) paragraph.push(lines[i] ?? "");
      html.push(`<p>${inline(paragraph.join(" "))}</p>`);
    }
  }
  return { html: html.join("\n"), headings };
}

/** A block of code, wrapped rather than scrolled (a scrolling block would need a keyboard stop). */
export const codeBlock = (code: string, language = "") =>
  `<pre${language ? ` data-language="${escapeHtml(language)}"` : ""}><code>${escapeHtml(code)}</code></pre>`;
