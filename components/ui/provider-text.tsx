/**
 * Text a provider (or anyone outside the platform) wrote, isolated from the page's own direction:
 * `<bdi>` takes its direction from its first strong character, and an unclosed right-to-left
 * override inside it (U+202E) cannot reorder what follows it on the page — the spoofing that shows
 * "ops@example.org" as "gro.elpmaxe@spo". Long words wrap inside their box instead of widening it.
 */
import type { ReactNode } from "react";

/** `lang`: the text's language when it is known (a channel's name says which it is in). */
export function ProviderText({ children, lang }: { children: ReactNode; lang?: string }) {
  return (
    <bdi lang={lang} className="wrap-anywhere">
      {children}
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
      {children}
    </bdi>
  );
}
