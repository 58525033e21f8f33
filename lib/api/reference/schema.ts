/**
 * JSON Schemas of the document as HTML: an object as a list of its properties (name, type, required,
 * constraints, description), nested objects inside it, and a named component as a link to its own
 * section, so every shape is written out once.
 */
import { escapeHtml, inline } from "./markdown";

// biome-ignore lint/suspicious/noExplicitAny: walking the JSON document
export type Schema = Record<string, any>;

const REF_PREFIX = "#/components/schemas/";
export const schemaAnchor = (name: string) => `schema-${name}`;
export const refName = (ref: string) => ref.replace(REF_PREFIX, "");

const code = (value: unknown) => `<code>${escapeHtml(JSON.stringify(value))}</code>`;

/** The type in a few words: `string`, `array of Contact`, `Translation or null`, `one of "A", "B"`. */
export function typeText(schema: Schema): string {
  if (typeof schema.$ref === "string") {
    const name = refName(schema.$ref);
    return `<a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a>`;
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) return variants.map((variant: Schema) => typeText(variant)).join(" or ");
  if (Array.isArray(schema.allOf)) return schema.allOf.map((part: Schema) => typeText(part)).join(" and ");
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) =>
    type === "array" && schema.items ? `array of ${typeText(schema.items)}` : escapeHtml(type),
  );
  if (schema.format) named[0] = `${named[0] ?? ""} (${escapeHtml(schema.format)})`;
  return named.join(" or ") || "any";
}

const CONSTRAINTS: [key: string, label: string][] = [
  ["minLength", "min length"],
  ["maxLength", "max length"],
  ["minimum", "minimum"],
  ["maximum", "maximum"],
  ["exclusiveMinimum", "more than"],
  ["exclusiveMaximum", "less than"],
  ["minItems", "min items"],
  ["maxItems", "max items"],
  ["pattern", "pattern"],
  ["default", "default"],
  ["example", "example"],
];

/** The constraints of a schema as short facts: allowed values, lengths, pattern, example. */
function facts(schema: Schema): string[] {
  const found: string[] = [];
  if (Array.isArray(schema.enum)) found.push(`one of ${schema.enum.map(code).join(", ")}`);
  if ("const" in schema) found.push(`always ${code(schema.const)}`);
  for (const [key, label] of CONSTRAINTS) if (key in schema) found.push(`${label} ${code(schema[key])}`);
  if (schema.uniqueItems) found.push("no duplicates");
  return found;
}

/** The inline object an array or a nullable variant holds, if any, to list its properties. */
function innerObject(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return innerObject(schema.items);
  const variants = schema.oneOf ?? schema.anyOf;
  return Array.isArray(variants) ? variants.map(innerObject).find(Boolean) : undefined;
}

function property(name: string, schema: Schema, required: boolean): string {
  const details = [
    ...(schema.description ? [`<p>${inline(schema.description)}</p>`] : []),
    ...(facts(schema).length ? [`<p class="facts">${facts(schema).join(" · ")}</p>`] : []),
  ];
  const inner = innerObject(schema);
  return `<li><p class="property"><code class="name">${escapeHtml(name)}</code> <span class="type">${typeText(schema)}</span>${
    required ? ' <span class="required">required</span>' : ""
  }</p>${details.join("")}${inner ? properties(inner) : ""}</li>`;
}

/** An object's properties as a list; any other schema as its type and facts. */
export function properties(schema: Schema): string {
  if (!schema.properties) {
    const described = facts(schema);
    return `<p class="property"><span class="type">${typeText(schema)}</span>${described.length ? ` · ${described.join(" · ")}` : ""}</p>`;
  }
  const required = new Set<string>(schema.required ?? []);
  const items = Object.entries(schema.properties as Record<string, Schema>).map(([name, value]) =>
    property(name, value, required.has(name)),
  );
  const closed = schema.additionalProperties === false ? '<p class="facts">No other properties.</p>' : "";
  return `<ul class="properties">${items.join("")}</ul>${closed}`;
}

/** A schema written out: a named component's own properties (with a link to it), else its shape. */
export function schemaBlock(schema: Schema, components: Record<string, Schema>): string {
  if (typeof schema.$ref === "string") {
    const name = refName(schema.$ref);
    const target = components[name];
    return `<p>Schema ${typeText(schema)}${target?.description ? `: ${inline(target.description)}` : ""}</p>${target ? properties(target) : ""}`;
  }
  return properties(schema);
}
