/**
 * The API reference at /docs: one server-rendered HTML page written from the OpenAPI document
 * (/api/openapi.json) — introduction, every operation and callback grouped by tag, every schema —
 * with a table of contents. It reads and navigates the same without JavaScript, by keyboard and with
 * a screen reader; its one small script only adds Copy buttons.
 */

import { COPY_SCRIPT } from "./copy-script";
import { escapeHtml, type Heading, markdown, slug } from "./markdown";
import { type Located, operationSection } from "./operation-html";
import { properties, type Schema, schemaAnchor } from "./schema";
import { STYLE } from "./style";

type Components = Record<string, Schema>;

interface Group {
  name: string;
  description: string;
  anchor: string;
  operations: Located[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** The document's operations and callbacks, by tag, in the document's order of tags. */
function groups(document: Schema): Group[] {
  const located: (Located & { tag: string })[] = [];
  const collect = (items: Record<string, Schema> | undefined, prefix: string) => {
    for (const [path, item] of Object.entries(items ?? {})) {
      for (const method of METHODS.filter((name) => item[name])) {
        const operation = item[method];
        const anchor = `${prefix}${operation.operationId ?? slug(`${method} ${path}`)}`;
        located.push({
          anchor,
          method: method.toUpperCase(),
          path,
          operation,
          tag: operation.tags?.[0] ?? "",
        });
      }
    }
  };
  collect(document.paths, "operation-");
  collect(document.webhooks, "callback-");
  const tags: Schema[] = document.tags ?? [];
  return tags.map((tag) => ({
    name: tag.name,
    description: tag.description ?? "",
    anchor: `tag-${slug(tag.name)}`,
    operations: located.filter((entry) => entry.tag === tag.name),
  }));
}

const link = (anchor: string, text: string) => `<a href="#${anchor}">${escapeHtml(text)}</a>`;

function contents(overview: Heading[], tagGroups: Group[], schemaNames: string[]): string {
  const intro = overview
    .filter((heading) => heading.level === 3)
    .map((heading) => `<li>${link(heading.id, heading.text)}</li>`);
  const tagItems = tagGroups.map(
    (group) =>
      `<li><p class="group">${link(group.anchor, group.name)}</p><ul>${group.operations
        .map((entry) => `<li>${link(entry.anchor, entry.operation.summary ?? entry.path)}</li>`)
        .join("")}</ul></li>`,
  );
  const schemas = schemaNames.length ? [`<li><p class="group">${link("schemas", "Schemas")}</p></li>`] : [];
  return `<nav aria-label="Contents"><ul><li><p class="group">${link("overview", "Overview")}</p><ul>${intro.join("")}</ul></li>${tagItems.join("")}${schemas.join("")}</ul></nav>`;
}

function groupSection(group: Group, components: Components): string {
  return `<section aria-labelledby="${group.anchor}"><h2 id="${group.anchor}">${escapeHtml(group.name)}</h2>
${group.description ? markdown(group.description, { prefix: `${group.anchor}-`, shift: 2 }).html : ""}
${group.operations.map((entry) => operationSection(entry, components)).join("\n")}</section>`;
}

function schemasSection(components: Components): string {
  const entries = Object.entries(components).map(
    ([name, schema]) =>
      `<section aria-labelledby="${schemaAnchor(name)}"><h3 id="${schemaAnchor(name)}">${escapeHtml(name)}</h3>${
        schema.description
          ? markdown(schema.description, { prefix: `${schemaAnchor(name)}-`, shift: 3 }).html
          : ""
      }${properties(schema)}</section>`,
  );
  return `<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${entries.join("\n")}</section>`;
}

/** The whole page for an OpenAPI 3.1 document. */
export function referencePage(document: Schema): string {
  const components: Components = document.components?.schemas ?? {};
  const title = String(document.info?.title ?? "API reference");
  const overview = markdown(String(document.info?.description ?? ""), { prefix: "overview-", shift: 1 });
  const tagGroups = groups(document);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Delivery Channel Portal</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to the reference</a>
<div class="layout">
${contents(overview.headings, tagGroups, Object.keys(components))}
<main id="content">
<header><h1>${escapeHtml(title)}</h1>
<p>Version ${escapeHtml(String(document.info?.version ?? ""))} · the OpenAPI document: <a href="/api/openapi.json">/api/openapi.json</a></p></header>
<section aria-labelledby="overview"><h2 id="overview">Overview</h2>
${overview.html}</section>
${tagGroups.map((group) => groupSection(group, components)).join("\n")}
${schemasSection(components)}
</main>
</div>
<p id="copy-status" class="visually-hidden" role="status"></p>
<script>${COPY_SCRIPT}</script>
</body>
</html>
`;
}
