/**
 * One operation (or callback) of the reference as HTML: its method and path, description,
 * parameters, request body with schema and example, the code samples, and every response with its
 * headers, schema and examples.
 */
import { codeBlock, escapeHtml, inline, markdown } from "./markdown";
import { type Schema, schemaBlock, typeText } from "./schema";

type Components = Record<string, Schema>;

/** What a section needs to know of where the operation is served. */
export interface Located {
  anchor: string;
  method: string;
  /** The path, or the event type of a callback. */
  path: string;
  operation: Schema;
}

const json = (value: unknown) => codeBlock(JSON.stringify(value, null, 2), "json");

const example = (caption: string, value: unknown) =>
  `<figure><figcaption>${inline(caption)}</figcaption>${json(value)}</figure>`;

function parameters(list: Schema[] | undefined): string {
  if (!list?.length) return "";
  const items = list.map(
    (parameter) =>
      `<li><p class="property"><code class="name">${escapeHtml(parameter.name)}</code> <span class="type">${escapeHtml(parameter.in)} · ${typeText(parameter.schema ?? {})}</span>${
        parameter.required ? ' <span class="required">required</span>' : ""
      }</p>${parameter.description ? `<p>${inline(parameter.description)}</p>` : ""}${
        parameter.schema?.example !== undefined
          ? `<p class="facts">example <code>${escapeHtml(String(parameter.schema.example))}</code></p>`
          : ""
      }</li>`,
  );
  return `<h4>Parameters</h4><ul class="properties">${items.join("")}</ul>`;
}

/** The content's media types, and its schema and examples (the same for each type we accept). */
function content(media: Record<string, Schema> | undefined, components: Components): string {
  if (!media) return "";
  const [first] = Object.values(media);
  if (!first) return "";
  const types = Object.keys(media)
    .map((type) => `<code>${escapeHtml(type)}</code>`)
    .join(", ");
  const examples = Object.values((first.examples ?? {}) as Record<string, Schema>).map((entry) =>
    example(entry.summary ?? "Example", entry.value),
  );
  if (first.example !== undefined) examples.push(example("Example", first.example));
  return `<p class="facts">Content-Type ${types}</p>${first.schema ? schemaBlock(first.schema, components) : ""}${examples.join("")}`;
}

function requestBody(body: Schema | undefined, components: Components): string {
  if (!body) return "";
  return `<h4>Request body</h4>${body.description ? `<p>${inline(body.description)}</p>` : ""}${content(body.content, components)}`;
}

function codeSamples(samples: Schema[] | undefined): string {
  if (!samples?.length) return "";
  const figures = samples.map(
    (sample) =>
      `<figure><figcaption>${escapeHtml(sample.label ?? sample.lang)}</figcaption>${codeBlock(sample.source, sample.lang)}</figure>`,
  );
  return `<h4>Examples</h4>${figures.join("")}`;
}

function headers(list: Record<string, Schema> | undefined): string {
  if (!list) return "";
  const items = Object.entries(list).map(
    ([name, header]) =>
      `<li><p class="property"><code class="name">${escapeHtml(name)}</code> <span class="type">header · ${typeText(header.schema ?? {})}</span></p>${
        header.description ? `<p>${inline(header.description)}</p>` : ""
      }</li>`,
  );
  return `<ul class="properties">${items.join("")}</ul>`;
}

function responses(list: Record<string, Schema> | undefined, anchor: string, components: Components): string {
  if (!list) return "";
  const sections = Object.entries(list).map(
    ([status, response]) =>
      `<div class="response"><h5 id="${anchor}-${status}">${escapeHtml(status)}</h5>${
        response.description ? `<p>${inline(response.description)}</p>` : ""
      }${headers(response.headers)}${content(response.content, components)}</div>`,
  );
  return `<h4>Responses</h4>${sections.join("")}`;
}

/** The header an operation's security scheme asks for: the provider's key or a platform token. */
function neededCredential(security: unknown): string | undefined {
  if (!Array.isArray(security) || security.length === 0) return undefined;
  return JSON.stringify(security).includes("PlatformToken") ? "Authorization: Bearer dcp_pat_…" : "x-api-key";
}

/** The operation's whole section. */
export function operationSection(
  { anchor, method, path, operation }: Located,
  components: Components,
): string {
  const description = operation.description
    ? markdown(operation.description, { prefix: `${anchor}-`, shift: 3 }).html
    : "";
  const needs = neededCredential(operation.security);
  return `<section class="operation" aria-labelledby="${anchor}">
<h3 id="${anchor}"><span class="method ${method.toLowerCase()}">${escapeHtml(method)}</span> <span>${escapeHtml(operation.summary ?? path)}</span></h3>
<p class="path"><code>${escapeHtml(path)}</code>${needs ? ` · needs <code>${needs}</code>` : ""}</p>
${description}
${parameters(operation.parameters)}
${requestBody(operation.requestBody, components)}
${codeSamples(operation["x-codeSamples"])}
${responses(operation.responses, anchor, components)}
</section>`;
}
