/**
 * The domain's refusals reach a reader in their language: every message of a DomainError is built
 * with say() from messages/en/validation.json, so the portal can match it back to its key and show
 * the reader's catalog's text (lib/i18n/validation-text.ts). A message written as an English string
 * literal or template (directly, or through a constant or a table of them) would reach a French or
 * Arabic reader in English: this scan of the sources refuses it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The message's argument of each error maker: notFound(message), invalid(field, message), … */
const MESSAGE_ARGUMENT: Record<string, number> = {
  notFound: 0,
  conflict: 0,
  forbidden: 0,
  tooMany: 0,
  invalid: 1,
};

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => /\.tsx?$/.test(file) && keep(file));
}

const SCANNED = [
  ...sourceFiles("lib/domain", () => true),
  ...sourceFiles("lib/portal", () => true),
  ...sourceFiles("lib/auth", () => true),
  // The server actions (every *-actions.ts / *-action.ts): the rest of app/ says nothing of its own here.
  ...sourceFiles("app", (file) => /-actions?\.ts$/.test(file)),
];

/** The file's top-level and local `const name = initializer` declarations, by name. */
function initializers(source: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      found.set(node.name.text, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether an expression is (or may be) English prose written in the code rather than a say() call. */
function isProse(
  expression: ts.Expression,
  declared: Map<string, ts.Expression>,
  seen = new Set<string>(),
): boolean {
  const inner = (next: ts.Expression) => isProse(next, declared, seen);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return true;
  if (ts.isTemplateExpression(expression)) return true;
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression))
    return inner(expression.expression);
  if (ts.isSatisfiesExpression(expression) || ts.isNonNullExpression(expression))
    return inner(expression.expression);
  if (ts.isConditionalExpression(expression))
    return inner(expression.whenTrue) || inner(expression.whenFalse);
  if (ts.isBinaryExpression(expression)) return inner(expression.left) || inner(expression.right);
  if (ts.isObjectLiteralExpression(expression))
    return expression.properties.some(
      (property) => ts.isPropertyAssignment(property) && inner(property.initializer),
    );
  if (ts.isIdentifier(expression)) {
    const initializer = declared.get(expression.text);
    if (!initializer || seen.has(expression.text)) return false;
    seen.add(expression.text);
    return inner(initializer);
  }
  // A constant's entry: INVITATION_UNUSABLE[state], MESSAGES.expired.
  if (ts.isElementAccessExpression(expression) || ts.isPropertyAccessExpression(expression)) {
    const table = expression.expression;
    return ts.isIdentifier(table) && declared.has(table.text) && inner(table);
  }
  return false;
}

/**
 * `line  code` of every refusal whose message is prose in the code: a DomainError's message, and
 * (`failures`) the `error` of a server action's failure (lib/portal/action-result.ts).
 */
function proseIn(file: string, text: string, failures: boolean): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  // A file the parser misread (a .ts read as TSX takes `<T>(…)` for an element) hides its calls.
  const misread = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (misread.length)
    return [`does not parse: ${ts.flattenDiagnosticMessageText(misread[0]!.messageText, " ")}`];
  const declared = initializers(source);
  const found: string[] = [];
  const check = (node: ts.Node, message: ts.Expression | undefined) => {
    if (!message || !isProse(message, declared)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}  ${node.getText(source).replace(/\s+/g, " ").slice(0, 120)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const index = MESSAGE_ARGUMENT[node.expression.text];
      if (index !== undefined) check(node, node.arguments[index]);
    }
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "DomainError"
    )
      check(node, node.arguments?.[1]);
    if (failures && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === "error")
      check(node, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const proseMessages = (file: string) =>
  proseIn(file, readFileSync(path.join(ROOT, file), "utf8"), !file.startsWith("lib/domain")).map(
    (found) => `${file}:${found}`,
  );

describe("the domain's refusals", () => {
  it("scans the domain, the portal's helpers and the server actions", () => {
    expect(SCANNED).toContain(path.join("lib/domain", "errors.ts"));
    expect(SCANNED).toContain(path.join("lib/portal", "action-result.ts"));
    expect(SCANNED.filter((file) => file.startsWith("app")).length).toBeGreaterThan(5);
  });

  it("are catalog messages (say()), never English written in the code", () => {
    expect(SCANNED.flatMap(proseMessages)).toEqual([]);
  });

  it("are found however the prose is written", () => {
    const sample = [
      'const REFUSAL = "No.";',
      'const WORDS = { a: "A.", b: say("isRequired") };',
      'const made = say("isRequired");',
      'throw notFound("No such key.");',
      `throw conflict(\`Already \${state}.\`);`,
      'throw invalid("field", "is wrong");',
      "throw forbidden(REFUSAL);",
      "throw conflict(WORDS[state]);",
      'throw new DomainError("conflict", ok ? say("isRequired") : "No.", "field");',
      'return { ok: false, error: "Nothing was changed." };',
      'throw invalid("field", say("isRequired"));',
      "throw notFound(made);",
      "throw conflict(error.message);",
      'return { ok: false, error: say("someFieldsNeedAttention") };',
    ].join("\n");
    expect(proseIn("sample.ts", sample, true).map((found) => Number.parseInt(found, 10))).toEqual([
      4, 5, 6, 7, 8, 9, 10,
    ]);
  });
});
