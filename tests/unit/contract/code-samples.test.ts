/**
 * Every published operation of the reference carries copyable requests in curl, TypeScript and Python
 * (`x-codeSamples`): each parses in its own language (bash, the TypeScript compiler, Python's ast),
 * sends the operation's documented example body (read back by each language's own parser), which the operation's zod schema accepts, and an
 * Idempotency-Key exactly where the operation takes one.
 */
import { spawnSync } from "node:child_process";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import { OPERATIONS } from "@/lib/api/operations";

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
const paths: Record<string, any> = openApiDocument().paths as any;
const published = OPERATIONS.filter((operation) => operation.published !== false);

type Sample = { lang: string; label: string; source: string };
const samplesOf = (method: string, path: string): Sample[] =>
  paths[path]?.[method.toLowerCase()]?.["x-codeSamples"] ?? [];

/** A Python literal as JSON, by Python itself (None, True and False are not JSON's). */
const pythonToJson = (literal: string) =>
  spawnSync(
    "python3",
    ["-c", "import ast, json, sys; print(json.dumps(ast.literal_eval(sys.stdin.read())))"],
    {
      input: literal,
      encoding: "utf8",
    },
  ).stdout;

/** The JSON each sample sends, read back from its source the way its language would. */
const BODIES: Record<string, (source: string) => string | undefined> = {
  curl: (source) => /--data-binary @- <<'JSON'\n([\s\S]*)\nJSON$/.exec(source)?.[1],
  TypeScript: (source) => /^const body = ([\s\S]*?^\});$/m.exec(source)?.[1],
  Python: (source) => {
    const literal = /^body = ([\s\S]*?^\})$/m.exec(source)?.[1];
    return literal === undefined ? undefined : pythonToJson(literal);
  },
};

/** Syntax errors of a sample in its own language: empty when it parses. */
const SYNTAX: Record<string, (source: string) => string> = {
  curl: (source) => spawnSync("bash", ["-n"], { input: source, encoding: "utf8" }).stderr,
  TypeScript: (source) =>
    (
      ts.transpileModule(source, {
        reportDiagnostics: true,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).diagnostics ?? []
    )
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
      .join("\n"),
  Python: (source) =>
    spawnSync("python3", ["-c", "import ast, sys; ast.parse(sys.stdin.read())"], {
      input: source,
      encoding: "utf8",
    }).stderr,
};

describe.each(published.map((operation) => [operation.operationId, operation] as const))(
  "code samples of %s",
  (_, operation) => {
    const samples = samplesOf(operation.method, operation.path);

    it("are curl, TypeScript and Python, each calling the operation's path with its credential", () => {
      expect(samples.map((sample) => sample.label)).toEqual(["curl", "TypeScript", "Python"]);
      const pathPattern = new RegExp(operation.path.replace(/\{\w+\}/g, '[^"/`]+').replaceAll("/", "\\/"));
      for (const sample of samples) {
        expect(sample.source).toMatch(pathPattern);
        // The platform API takes a platform token, the provider API the provider's key.
        expect(sample.source).toContain(operation.auth === "platformToken" ? "Bearer" : "DCP_API_KEY");
        expect(sample.source).toContain(operation.auth === "platformToken" ? "DCP_TOKEN" : "DCP_API_KEY");
        expect(sample.source.includes("Idempotency-Key")).toBe(operation.idempotencyKey === true);
      }
    });

    it("each parse in their language", () => {
      for (const sample of samples) expect(SYNTAX[sample.label]?.(sample.source), sample.label).toBe("");
    });

    it("send the operation's example body, which its schema accepts (or none without a body)", () => {
      const example = operation.docs().request?.example;
      for (const sample of samples) {
        const body = BODIES[sample.label]?.(sample.source);
        if (!operation.body) {
          expect(body, sample.label).toBeUndefined();
          continue;
        }
        expect(body, sample.label).toBeDefined();
        const sent = JSON.parse(body ?? "");
        expect(sent, sample.label).toEqual(example);
        expect(operation.body.safeParse(sent).success, sample.label).toBe(true);
      }
    });
  },
);
