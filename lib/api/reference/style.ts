/**
 * The reference page's only stylesheet, inline and allowed by its hash in the CSP. Colours keep at
 * least 4.5:1 contrast (WCAG AA); code wraps instead of scrolling, so the page fits 390 px.
 */
import { createHash } from "node:crypto";

export const STYLE = `
:root { color-scheme: light; --text: #1b1d21; --muted: #454a52; --link: #0b4fb3; --line: #c9ced6; --code: #f3f4f6; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
a { color: var(--link); }
a:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.skip { position: absolute; left: -100vw; top: 0; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem 1rem; z-index: 1; }
.layout { display: grid; grid-template-columns: 19rem minmax(0, 1fr); }
nav { position: sticky; top: 0; height: 100vh; overflow-y: auto; border-right: 1px solid var(--line); padding: 1rem 1.25rem; font-size: 0.9375rem; }
nav ul { list-style: none; margin: 0; padding: 0 0 0 0.75rem; }
nav > ul { padding: 0; }
nav li { margin: 0.2rem 0; }
nav .group { font-weight: 600; margin-top: 0.75rem; }
main { min-width: 0; max-width: 62rem; padding: 1.5rem 2.5rem 4rem; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 0.5rem; }
h2 { font-size: 1.5rem; margin: 2.5rem 0 0.75rem; padding-top: 1rem; border-top: 1px solid var(--line); }
h3 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
h4 { font-size: 1.0625rem; margin: 1.25rem 0 0.5rem; }
h5 { font-size: 1rem; margin: 1rem 0 0.25rem; }
/* Schema names are long unbroken words (SandboxDeliveryRequestResponse): break them on a phone. */
h1, h2, h3, h4, h5 { overflow-wrap: anywhere; }
.operation { border-top: 1px solid var(--line); margin-top: 2rem; }
.method { display: inline-block; border-radius: 4px; padding: 0 0.45rem; font-size: 0.875rem; color: #fff; background: #1f5f2e; vertical-align: 0.1em; }
.method.get { background: #0b4f8a; }
.path code, .name { font-weight: 600; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.875rem; overflow-wrap: anywhere; }
p code, li code { background: var(--code); border-radius: 3px; padding: 0 0.2rem; }
pre { white-space: pre-wrap; background: var(--code); border: 1px solid var(--line); border-radius: 4px; padding: 0.75rem; margin: 0.25rem 0 1rem; }
figure { margin: 0.5rem 0; }
figcaption { font-weight: 600; color: var(--muted); }
.copy { margin-left: 0.5rem; font: inherit; font-size: 0.8125rem; font-weight: 400; color: var(--link); background: #fff; border: 1px solid var(--link); border-radius: 4px; padding: 0 0.5rem; cursor: pointer; }
.copy:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.properties { list-style: none; padding-left: 0; margin: 0.25rem 0 0.75rem; }
.properties .properties { padding-left: 1rem; border-left: 2px solid var(--line); }
.properties > li { padding: 0.35rem 0; border-bottom: 1px solid #e4e7eb; }
.properties p { margin: 0.1rem 0; }
.type, .facts { color: var(--muted); }
.required { color: #9b1c1c; font-size: 0.875rem; }
@media (max-width: 48rem) {
  .layout { display: block; }
  nav { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--line); }
  main { padding: 1rem; }
}
`;

/** The CSP source that allows exactly this stylesheet. */
export const STYLE_SOURCE = `'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`;
