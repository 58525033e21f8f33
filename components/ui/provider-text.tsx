/**
 * Text a provider (or anyone outside the platform) wrote, isolated from the page's own direction:
 * `<bdi>` takes its direction from its first strong character, and an unclosed right-to-left
 * override inside it (U+202E) cannot reorder what follows it on the page — the spoofing that shows
 * "ops@example.org" as "gro.elpmaxe@spo". Its own direction controls are dropped: an unclosed
 * isolate or a stray end of one inside a <bdi> still reorders what follows. Long words wrap inside
 * their box instead of widening it.
 */
import type { ReactNode } from "react";
import { withoutDirectionControls } from "@/lib/format";

/** Text shown as it is, but for direction controls: a stray one would reorder text past the <bdi>. */
const shown = (children: ReactNode) =>
  typeof children === "string" ? withoutDirectionControls(children) : children;

/** `lang`: the text's language when it is known (a channel's name says which it is in). */
export function ProviderText({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <bdi lang={lang} className="wrap-anywhere">
      {shown(children)}
    </bdi>
  );
}

/**
 * What reads left to right in every language: an e-mail address, a phone number, a web address, a
 * regular expression. An Arabic page would otherwise show "+44 20 7946" as "7946 20 44+".
 */
export function LeftToRight({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="wrap-anywhere">
      {shown(children)}
    </bdi>
  );
}
