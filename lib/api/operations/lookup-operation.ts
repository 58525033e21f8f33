/** The values of the contract's enumerations, served from memory. */
import { LOOKUP_KEYS, lookupItemSchema, lookupRequestSchema } from "../../contract/lookup-schema";
import { LOOKUPS_JSON } from "../../domain/channels";
import { LOOKUP_EXAMPLE } from "../openapi/examples";
import { defineOperation } from "../operation";

export const getLookUpValues = defineOperation({
  operationId: "getLookUpValues",
  method: "POST",
  path: "/api/ClientSetting/GetLookUpValues",
  // A read-only key (scope "read") may call it.
  permission: "provider.read",
  tag: "Lookups",
  summary: "Get lookup values",
  description: `Returns the values of one enumeration as \`{ lookUp, translation }\` pairs, in the contract's order. Keys: ${LOOKUP_KEYS.map((key) => `\`${key}\``).join(", ")}. \`Country\` lists ISO 3166-1 alpha-2 codes, \`Currency\` ISO 4217 codes. An unknown key is a 400.`,
  body: lookupRequestSchema,
  response: lookupItemSchema.array(),
  // Pre-serialized: the answer is enveloped and encoded once (lib/api/endpoint.ts).
  run: async ({ body }) => ({ rawData: LOOKUPS_JSON[body.data] }),
  docs: () => ({
    request: { description: "The lookup key.", example: { data: "Currency" } },
    responseId: "LookupResponse",
    ok: {
      description: "The values of the key.",
      examples: { currency: { summary: "Currency (first values)", value: LOOKUP_EXAMPLE } },
    },
    invalidBody: { data: "Colour" },
  }),
});
