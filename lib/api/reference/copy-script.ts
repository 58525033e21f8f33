/**
 * The reference page's only script, inline and allowed by its hash in the CSP: a Copy button on each
 * example. The page is whole without it (the examples are text to select); a screen reader hears
 * "Copied" through the page's status line.
 */
import { createHash } from "node:crypto";

export const COPY_SCRIPT = `
(() => {
  const status = document.getElementById("copy-status");
  if (!navigator.clipboard || !status) return;
  for (const figure of document.querySelectorAll("figure")) {
    const caption = figure.querySelector("figcaption");
    const code = figure.querySelector("pre");
    if (!caption || !code) continue;
    const what = "the " + caption.textContent + " example";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy " + what);
    button.addEventListener("click", async () => {
      await navigator.clipboard.writeText(code.textContent);
      status.textContent = "Copied " + what + ".";
    });
    caption.append(" ", button);
  }
})();
`;

/** The CSP source that allows exactly this script. */
export const COPY_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(COPY_SCRIPT).digest("base64")}'`;
