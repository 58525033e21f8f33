/**
 * What `npm run check:messages` checks (issue 13), as functions so that a test can give them a
 * broken catalog: every language has exactly English's keys, every message parses as ICU and uses
 * the same arguments as English's, and every literal key the code asks for exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { DEFAULT_LOCALE, LOCALES } from "./locales";

type Tree = { [key: string]: string | Tree };

function readTree(dir: string, locale: string): Record<string, Tree> {
  const folder = path.join(dir, locale);
  const tree: Record<string, Tree> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith(".json")))
    tree[file.slice(0, -".json".length)] = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
  return tree;
}

/** { "channels.list.title": "Channels", … } */
export function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") flat.set(name, value);
    else for (const [inner, text] of flatten(value, name)) flat.set(inner, text);
  }
  return flat;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ("value" in element && typeof element.value === "string") into.add(element.value);
    if ("options" in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if ("children" in element) argumentsOf(element.children, into);
  }
  return into;
}

function argumentsIn(text: string): Set<string> | string {
  try {
    return argumentsOf(parse(text));
  } catch (error) {
    return (error as Error).message;
  }
}

/** Every problem of the catalogs under `dir`, one line each; none means they are complete. */
export function catalogProblems(dir: string): string[] {
  const problems: string[] = [];
  const english = flatten(readTree(dir, DEFAULT_LOCALE) as Tree);
  for (const locale of LOCALES) {
    const own = locale === DEFAULT_LOCALE ? english : flatten(readTree(dir, locale) as Tree);
    for (const [key, base] of english) {
      const text = own.get(key);
      if (text === undefined) {
        problems.push(`${locale}: missing ${key}`);
        continue;
      }
      const expected = argumentsIn(base);
      const found = argumentsIn(text);
      if (typeof found === "string") problems.push(`${locale}: ${key} does not parse: ${found}`);
      else if (typeof expected !== "string" && [...expected].sort().join() !== [...found].sort().join())
        problems.push(
          `${locale}: ${key} uses {${[...found].join(", ")}}, English {${[...expected].join(", ")}}`,
        );
    }
    for (const key of own.keys()) if (!english.has(key)) problems.push(`${locale}: ${key} is not in English`);
  }
  return problems;
}

const TRANSLATOR = /const (\w+) = (?:await )?(?:useTranslations|getTranslations)\(\s*"([\w.]+)"\s*\)/g;

/** Literal keys the code asks for (t("key") of a translator made for a namespace) that English lacks. */
export function unknownKeysInCode(sourceDirs: string[], messagesDir: string): string[] {
  const english = flatten(readTree(messagesDir, DEFAULT_LOCALE) as Tree);
  const problems: string[] = [];
  for (const file of sourceDirs.flatMap((dir) => sourceFiles(dir))) {
    const source = readFileSync(file, "utf8");
    for (const [, name, namespace] of source.matchAll(TRANSLATOR)) {
      const call = new RegExp(`\\b${name}(?:\\.rich|\\.markup)?\\(\\s*"([\\w.]+)"`, "g");
      for (const [, key] of source.matchAll(call)) {
        const full = `${namespace}.${key}`;
        if (!english.has(full)) problems.push(`${file}: ${full} is not in messages/en`);
      }
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === "node_modules" || name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}
