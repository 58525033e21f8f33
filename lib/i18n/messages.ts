/**
 * The message catalogs: messages/<locale>/<namespace>.json, one file per namespace so that each
 * part of the portal keeps its texts beside the others' without sharing a file. Read from disk once
 * per process and locale (restart `npm run dev` after editing one); English fills any key a catalog lacks (npm run check:messages fails CI on
 * one, so this is a safety net, not a way to ship half a language).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, type Locale } from "./locales";

export type Messages = { [key: string]: string | Messages };

export const MESSAGES_DIR = path.join(process.cwd(), "messages");

/**
 * Every namespace file of one locale, parsed: { namespace: messages }. The turbopackIgnore comments
 * keep Next's build from reading these paths as "any file of the project" and copying the whole
 * project (tests, data/'s secrets) into its standalone output; the image copies messages/ itself.
 */
export function readCatalog(locale: string, dir = MESSAGES_DIR): Record<string, Messages> {
  const folder = path.join(/* turbopackIgnore: true */ dir, locale);
  const catalog: Record<string, Messages> = {};
  for (const file of readdirSync(/* turbopackIgnore: true */ folder)
    .filter((name) => name.endsWith(".json"))
    .sort())
    catalog[file.slice(0, -".json".length)] = JSON.parse(
      readFileSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ folder, file), "utf8"),
    );
  return catalog;
}

function withFallback(messages: Messages, fallback: Messages): Messages {
  const merged: Messages = { ...fallback };
  for (const [key, value] of Object.entries(messages)) {
    const base = fallback[key];
    merged[key] = typeof value === "object" && typeof base === "object" ? withFallback(value, base) : value;
  }
  return merged;
}

const loaded = new Map<Locale, Messages>();

export function messagesFor(locale: Locale): Messages {
  let messages = loaded.get(locale);
  if (!messages) {
    const own = readCatalog(locale);
    messages = locale === DEFAULT_LOCALE ? own : withFallback(own, readCatalog(DEFAULT_LOCALE));
    loaded.set(locale, messages);
  }
  return messages;
}
