/**
 * Every action the audit trail records has a name in every language (issue 30, finding 5): the
 * trail and its filter show names, and an action without one would show as its code.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory())
      return relative.includes("generated") ? [] : sources(relative);
    return name.endsWith(".ts") ? [relative] : [];
  });
}

/** The actions the domain records: `action: "subject.verb"` and the verbs of the key and request paths. */
function recordedActions(): string[] {
  const found = new Set<string>();
  for (const file of sources("lib")) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    for (const [, action] of source.matchAll(/\baction: "([a-z_]+\.[a-z_]+)"/g)) found.add(action!);
    // Actions passed along as arguments (lib/domain/keys/api-keys.ts, lib/domain/channels/decide-request.ts): "api_key.rolled".
    for (const [, action] of source.matchAll(/"((?:api_key|request|delivery_request)\.[a-z_]+)"/g))
      found.add(action!);
  }
  return [...found].sort();
}

describe("audit action names", () => {
  const actions = recordedActions();

  it("finds the actions the domain records", () => {
    expect(actions).toContain("delivery_request.created");
    expect(actions).toContain("api_key.rolled");
    expect(actions.length).toBeGreaterThan(30);
  });

  it.each(LOCALES)("every recorded action has a name in %s", (locale) => {
    const names = (messagesFor(locale) as { audit: { actions: Record<string, Record<string, string>> } })
      .audit.actions;
    const missing = actions.filter((action) => {
      const [subject = "", verb = ""] = action.split(".");
      return typeof names[subject]?.[verb] !== "string";
    });
    expect(missing).toEqual([]);
  });
});
