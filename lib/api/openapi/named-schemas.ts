/**
 * The document's named components: every schema with a meta `id` that the given schemas hold,
 * nested ones before those that hold them. Generated first and in their plain form, so that a
 * nullable use elsewhere becomes a reference plus null instead of defining the component itself as
 * nullable.
 */
import { z } from "zod";

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** The schemas a schema's definition holds: an object's shape and catchall, items, options, inner. */
function childrenOf(schema: z.ZodType): z.ZodType[] {
  return Object.values(schema._zod.def).flatMap((value: unknown) => {
    if (isSchema(value)) return [value];
    if (Array.isArray(value)) return value.filter(isSchema);
    if (typeof value === "object" && value !== null) return Object.values(value).filter(isSchema);
    return [];
  });
}

export function namedComponents(roots: readonly z.ZodType[]): z.ZodType[] {
  const named = new Map<string, z.ZodType>();
  const visited = new Set<z.ZodType>();
  const visit = (schema: z.ZodType) => {
    if (visited.has(schema)) return;
    visited.add(schema);
    for (const child of childrenOf(schema)) visit(child);
    const id = schema.meta()?.id;
    if (typeof id === "string" && !named.has(id)) named.set(id, schema);
  };
  for (const root of roots) visit(root);
  return [...named.values()];
}

type Document = { components?: { schemas?: Record<string, unknown> } };

/**
 * The document without the named schemas nothing refers to: WebhookAuth, whose one use (`auth`)
 * carries its own description and is therefore written inline by the generator.
 */
export function withoutUnreferenced<D extends Document>(document: D): D {
  const schemas = document.components?.schemas ?? {};
  const text = JSON.stringify(document);
  const referenced = Object.entries(schemas).filter(([name]) =>
    text.includes(`"#/components/schemas/${name}"`),
  );
  return { ...document, components: { ...document.components, schemas: Object.fromEntries(referenced) } };
}
