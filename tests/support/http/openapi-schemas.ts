/** Checking values against the OpenAPI document's schemas with a JSON Schema 2020-12 validator (Ajv). */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;

/** Ajv over the document's component schemas, `#/components/schemas/X` refs turned into `$defs`. */
export function schemaValidator(schemas: Record<string, Json>) {
  const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
  const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }));
  ajv.addKeyword("example");
  const text = JSON.stringify({ $id: "openapi", $defs: schemas }).replaceAll(
    '"#/components/schemas/',
    '"#/$defs/',
  );
  ajv.addSchema(JSON.parse(text));
  return (schema: Json, value: unknown) => {
    const refSchema = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/'),
    );
    const check = ajv.compile(refSchema);
    return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}
