/**
 * contractResolver: the contract's schema judges what the form would send, and each problem lands at
 * the form field its path names (list indexes as react-hook-form's dotted paths, or a form's own map).
 */
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contractResolver, formPath } from "@/lib/portal/contract-resolver";

interface Values {
  name: string;
  phones: string;
}
const schema = z.strictObject({
  name: z.string().min(1, "Required"),
  phones: z.array(z.string().regex(/^\+/, "must start with +")),
});
const toInput = (values: Values) => ({ name: values.name.trim(), phones: values.phones.split(",") });
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe("contractResolver", () => {
  it("passes the values through when the schema accepts what they stand for", async () => {
    const values = { name: "Cash", phones: "+1,+2" };
    expect(await contractResolver(schema, toInput)(values, undefined, options)).toEqual({
      values,
      errors: {},
    });
  });

  it("puts each problem at its field, list items under their index", async () => {
    const { errors } = await contractResolver(schema, toInput)(
      { name: " ", phones: "+1,2" },
      undefined,
      options,
    );
    expect(errors).toEqual({
      name: { type: "validate", message: "Required" },
      phones: [undefined, { type: "validate", message: "must start with +" }],
    });
  });

  it("maps paths through the form's own map, the first problem of a field winning", async () => {
    const resolver = contractResolver(schema, toInput, () => "name");
    const { errors } = await resolver({ name: "", phones: "x" }, undefined, options);
    expect(errors).toEqual({ name: { type: "validate", message: "Required" } });
  });

  it("formPath turns the contract's list indexes into dotted paths", () => {
    expect(formPath("deliveryOptions[0].fieldName")).toBe("deliveryOptions.0.fieldName");
    expect(formPath("a[10][2]")).toBe("a.10.2");
  });
});
