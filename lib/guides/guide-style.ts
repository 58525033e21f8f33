/**
 * The guide pages' only stylesheet, inline and allowed by its hash in their CSP: the API reference's
 * look (lib/api/reference/style.ts) for reading prose. Colours keep at least 4.5:1 contrast (WCAG AA);
 * code and table cells wrap instead of scrolling, so a page fits a 390 px phone.
 */
import { createHash } from "node:crypto";

export const GUIDE_STYLE = `
:root { color-scheme: light; --text: #1b1d21; --muted: #454a52; --link: #0b4fb3; --line: #c9ced6; --code: #f3f4f6; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -100vw; top: 0; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem 1rem; z-index: 1; }
.top { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; align-items: baseline; padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--line); }
.top .product { font-weight: 600; color: var(--text); text-decoration: none; }
.layout { display: grid; grid-template-columns: 16rem minmax(0, 1fr); grid-template-areas: "nav main"; }
nav { grid-area: nav; border-right: 1px solid var(--line); padding: 1rem 1.25rem; font-size: 0.9375rem; }
nav h2 { border: 0; padding: 0; font-size: 0.875rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin: 0 0 0.5rem; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li { margin: 0.3rem 0; }
nav a[aria-current="page"] { font-weight: 600; color: var(--text); }
main { grid-area: main; min-width: 0; max-width: 52rem; padding: 1.5rem 2.5rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 1rem; }
h2 { font-size: 1.5rem; line-height: 1.3; margin: 2.5rem 0 0.75rem; padding-top: 1rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
h4, h5, h6 { font-size: 1.0625rem; margin: 1.25rem 0 0.5rem; }
h1, h2, h3, h4, h5, h6 { overflow-wrap: anywhere; scroll-margin-top: 1rem; }
:target { background: #fff7d6; }
p, li { overflow-wrap: break-word; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem; overflow-wrap: anywhere; }
:not(pre) > code { background: var(--code); border-radius: 3px; padding: 0 0.2rem; }
pre { white-space: pre-wrap; background: var(--code); border: 1px solid var(--line); border-radius: 4px; padding: 0.75rem; margin: 0.5rem 0 1rem; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; font-size: 0.9375rem; }
/* break-word, not anywhere: a column keeps its words whole unless one is wider than the page. */
th, td { border: 1px solid var(--line); padding: 0.4rem 0.6rem; text-align: start; vertical-align: top; overflow-wrap: anywhere; }
th { background: var(--code); }
blockquote { margin: 1rem 0; padding: 0 1rem; border-left: 4px solid var(--line); color: var(--muted); }
@media (max-width: 48rem) {
  .layout { display: block; }
  nav { border-right: 0; border-top: 1px solid var(--line); }
  main { padding: 1rem; }
}
`;

/** The CSP source that allows exactly this stylesheet. */
export const GUIDE_STYLE_SOURCE = `'sha256-${createHash("sha256").update(GUIDE_STYLE).digest("base64")}'`;
