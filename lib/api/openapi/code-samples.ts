/**
 * Copyable requests per operation in curl, TypeScript (fetch) and Python (requests), as the
 * document's `x-codeSamples`. Generated from the operation table and its request example, so an
 * operation added later gets them too; they read the server from DCP_URL and the key from DCP_API_KEY.
 */
import type { z } from "zod";
import { IDEMPOTENCY_KEY_HEADER } from "../idempotency";
import type { ApiOperation } from "../operation";
import { DEMO_CHANNEL_ID } from "./examples";

export interface CodeSample {
  lang: "Shell" | "TypeScript" | "Python";
  label: "curl" | "TypeScript" | "Python";
  source: string;
}

/** Values for path parameters in the samples (the demo's channel, so View answers 200 there); another name shows as itself. */
const PATH_EXAMPLES: Record<string, string> = { providerDeliveryChannelId: DEMO_CHANNEL_ID };

const examplePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(PATH_EXAMPLES[name] ?? name));

/** What one request sends, as the three samples need it. */
interface Request {
  method: string;
  path: string;
  /** The example body, pretty-printed JSON; none for a GET. */
  json?: string;
  idempotent: boolean;
  /** The platform API: a bearer token from DCP_TOKEN instead of the provider's key. */
  token: boolean;
}

const authHeader = (token: boolean) =>
  token ? ["Authorization", "Bearer $DCP_TOKEN"] : ["x-api-key", "$DCP_API_KEY"];

function curl({ method, path, json, idempotent, token }: Request): string {
  const [name, value] = authHeader(token);
  const lines = [
    `curl ${method === "GET" ? "" : `-X ${method} `}"$DCP_URL${path}"`,
    `-H "${name}: ${value}"`,
  ];
  if (json) lines.push('-H "Content-Type: application/json"');
  if (idempotent) lines.push(`-H "${IDEMPOTENCY_KEY_HEADER}: $(uuidgen)"`);
  if (json) lines.push("--data-binary @- <<'JSON'");
  const command = lines.join(" \\\n  ");
  return json ? `${command}\n${json}\nJSON` : command;
}

function typescript({ method, path, json, idempotent, token }: Request): string {
  const headers = [
    token
      ? '    Authorization: "Bearer " + (process.env.DCP_TOKEN ?? ""),'
      : '    "x-api-key": process.env.DCP_API_KEY ?? "",',
    ...(json ? ['    "Content-Type": "application/json",'] : []),
    ...(idempotent ? [`    "${IDEMPOTENCY_KEY_HEADER}": crypto.randomUUID(),`] : []),
  ];
  return [
    ...(json ? [`const body = ${json};`, ""] : []),
    `const response = await fetch(\`\${process.env.DCP_URL}${path}\`, {`,
    `  method: "${method}",`,
    "  headers: {",
    ...headers,
    "  },",
    ...(json ? ["  body: JSON.stringify(body),"] : []),
    "});",
    "console.log(response.status, await response.json());",
  ].join("\n");
}

/** JSON as a Python literal: the same text but for null, true and false outside strings. */
const PYTHON_WORDS: Record<string, string> = { null: "None", true: "True", false: "False" };
const pythonLiteral = (json: string) =>
  json.replace(/"(?:[^"\\]|\\.)*"|\b(?:null|true|false)\b/g, (token) => PYTHON_WORDS[token] ?? token);

function python({ method, path, json, idempotent, token }: Request): string {
  const imports = ["import os", ...(idempotent ? ["import uuid"] : []), "", "import requests", ""];
  return [
    ...imports,
    ...(json ? [`body = ${pythonLiteral(json)}`, ""] : []),
    `response = requests.${method.toLowerCase()}(`,
    `    os.environ["DCP_URL"] + "${path}",`,
    "    headers={",
    token
      ? '        "Authorization": "Bearer " + os.environ["DCP_TOKEN"],'
      : '        "x-api-key": os.environ["DCP_API_KEY"],',
    ...(idempotent ? [`        "${IDEMPOTENCY_KEY_HEADER}": str(uuid.uuid4()),`] : []),
    "    },",
    ...(json ? ["    json=body,"] : []),
    "    timeout=30,",
    ")",
    "print(response.status_code, response.json())",
  ].join("\n");
}

/** The query parameters that have an example (a statement's period): a GET without them is refused. */
function exampleQuery(operation: ApiOperation): string {
  const pairs = Object.entries(operation.query?.shape ?? {}).flatMap(([name, field]) => {
    const example = (field as z.ZodType).meta()?.example;
    return example === undefined ? [] : [[name, String(example)]];
  });
  return pairs.length > 0 ? `?${new URLSearchParams(pairs)}` : "";
}

/** The three samples of an operation: its example request, with a fresh Idempotency-Key where it takes one. */
export function codeSamples(operation: ApiOperation): CodeSample[] {
  const example = operation.body ? operation.docs().request?.example : undefined;
  const request: Request = {
    method: operation.method,
    path: examplePath(operation.path) + exampleQuery(operation),
    ...(example !== undefined && { json: JSON.stringify(example, null, 2) }),
    idempotent: operation.idempotencyKey === true,
    token: operation.auth === "platformToken",
  };
  return [
    { lang: "Shell", label: "curl", source: curl(request) },
    { lang: "TypeScript", label: "TypeScript", source: typescript(request) },
    { lang: "Python", label: "Python", source: python(request) },
  ];
}
