import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { say } from "@/lib/contract/validation-messages";
import { parseDeliveriesCsv } from "@/lib/domain/deliveries";

const OPTIONS = [
  {
    fieldLabel: "Phone",
    fieldName: "phone",
    dataType: "STRING",
    isRequired: true,
    fieldMinLength: 6,
    validationRegex: "^\\+?[0-9 ]+$",
  },
  { fieldLabel: "Note", fieldName: "note", dataType: "STRING", isRequired: false },
];

describe("parseDeliveriesCsv", () => {
  it("reads one delivery per row, options by column", async () => {
    const { deliveries, problems } = await parseDeliveriesCsv(
      "beneficiaryId,amount,phone,note\nB-1,10.50,+359 888 1,\nB-2,5,+380 50 12,hi\n",
      OPTIONS,
    );
    expect(problems).toEqual([]);
    expect(deliveries.slice(0, deliveries.length)).toEqual([
      { beneficiaryId: "B-1", amount: 10.5, options: { phone: "+359 888 1" } },
      { beneficiaryId: "B-2", amount: 5, options: { phone: "+380 50 12", note: "hi" } },
    ]);
  });

  it("reads each row again when the send reads it, exactly as the whole file read it (issue 35)", async () => {
    const files = [
      'beneficiaryId,amount,phone,note\r\nB-1,1,+359 888 1,"a, b"\r\n\r\nB-2,2,+359 888 2,"two\r\nlines"\r\nB-3,3,+359 888 3,""""\r\n',
      "beneficiaryId;amount;phone;note\nB-1;1;+359 888 1;x,y\n\n\nB-2;2.5;+359 888 2;\n",
      'beneficiaryId,amount,phone,note\n"B,1",1,+359 888 1,"quote "" inside"\nB-2,2,+359 888 2,last',
    ];
    for (const file of files) {
      const { deliveries, problems } = await parseDeliveriesCsv(file, OPTIONS);
      expect(problems).toEqual([]);
      const [header, ...rows] = Papa.parse<string[]>(file, { skipEmptyLines: "greedy" }).data;
      const expected = rows.map((fields) => {
        const row = Object.fromEntries(header!.map((column, k) => [column, fields[k] ?? ""]));
        const { beneficiaryId, amount, ...rest } = row;
        const options = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== ""));
        return { beneficiaryId, amount: Number(amount), options };
      });
      expect(deliveries.length).toBe(expected.length);
      expect(Array.isArray(deliveries)).toBe(false);
      // Read in batches of any size, the rows are the same.
      expect([...deliveries.slice(0, 1), ...deliveries.slice(1, 99)]).toEqual(expected);
    }
  });

  it("reports every bad row with its line and field", async () => {
    const csv = "beneficiaryId,amount,phone\nB-1,ten,+359 888 1\n,5,+359 888 2\nB-3,1.234,x\n";
    expect((await parseDeliveriesCsv(csv, OPTIONS)).problems).toEqual([
      // "ten" is not a number: not "must be more than 0" (issue 30, finding 12).
      { line: 2, field: "amount", message: "must be a number with at most two decimals" },
      { line: 3, field: "beneficiaryId", message: "Required" },
      { line: 4, field: "amount", message: "must be a number with at most two decimals" },
      { line: 4, field: "phone", message: "must be at least 6 characters" },
    ]);
  });

  it("refuses a file without the required columns, or without rows", async () => {
    expect((await parseDeliveriesCsv("id,value\n1,2\n", OPTIONS)).problems.map((p) => p.field)).toEqual([
      "beneficiaryId",
      "amount",
    ]);
    expect((await parseDeliveriesCsv("beneficiaryId,amount,phone\n", OPTIONS)).problems).toEqual([
      { line: 2, field: "(file)", message: "no deliveries in the file" },
    ]);
  });

  it("names the line of a broken quote or a wrong field count, in the catalog's words", async () => {
    const header = "beneficiaryId,amount,phone";
    const problemsOf = async (...rows: string[]) =>
      (await parseDeliveriesCsv([header, ...rows].join("\n"), OPTIONS)).problems;
    expect(await problemsOf("B-1,1,+359 888 1", 'B-2,1,"+359 888 2')).toContainEqual({
      line: 3,
      field: "(row)",
      message: say("csvQuoteNotClosed"),
    });
    expect(await problemsOf('B-1,1,"+359"8,x', "B-2,1,+359 888 2")).toContainEqual({
      line: 2,
      field: "(row)",
      message: say("csvStrayQuote"),
    });
    expect(await problemsOf("B-1,1,+359 888 1", "B-2,1,+359 888 2,extra", "B-3,1")).toEqual([
      { line: 3, field: "(row)", message: say("csvTooManyFields", { parsed: 4, expected: 3 }) },
      { line: 4, field: "(row)", message: say("csvTooFewFields", { parsed: 2, expected: 3 }) },
    ]);
    // One column: refused for the missing one by name, not for a delimiter the parser could not guess.
    expect((await parseDeliveriesCsv("beneficiaryId\nB-1", OPTIONS)).problems).toEqual([
      { line: 1, field: "amount", message: say("columnMissingFromHeader") },
    ]);
  });

  it("numbers rows by the line they start on, past blank lines and line breaks inside quotes", async () => {
    const csv = [
      "",
      "beneficiaryId,amount,phone",
      "B-1,1,+359 888 1",
      "",
      '"B-2',
      'continued",ten,+359 888 2',
      "   ",
      "B-3,1,x",
    ].join("\n");
    expect((await parseDeliveriesCsv(csv, OPTIONS)).problems).toEqual([
      { line: 5, field: "amount", message: say("mustBeNumberWithTwoDecimals") },
      { line: 8, field: "phone", message: say("mustBeAtLeastCharacters", { min: 6 }) },
    ]);
    // Windows line ends count as one, and a broken row after a blank line points at its own line.
    expect(
      (await parseDeliveriesCsv("beneficiaryId,amount,phone\r\nB-1,1,+359 888 1\r\n\r\nB-2,1", OPTIONS))
        .problems,
    ).toEqual([{ line: 4, field: "(row)", message: say("csvTooFewFields", { parsed: 2, expected: 3 }) }]);
    expect(
      (await parseDeliveriesCsv('beneficiaryId,amount,phone\nB-1,1,+359 888 1\n\n"B-2,1', OPTIONS)).problems,
    ).toEqual([
      { line: 4, field: "(row)", message: say("csvQuoteNotClosed") },
      { line: 4, field: "(row)", message: say("csvTooFewFields", { parsed: 1, expected: 3 }) },
    ]);
  });

  it("checks a catastrophic validationRegex on every row in linear time", async () => {
    const options = [
      {
        fieldLabel: "Code",
        fieldName: "code",
        dataType: "STRING",
        isRequired: true,
        validationRegex: "^(a+)+$",
      },
    ];
    const rows = Array.from({ length: 50 }, (_, i) => `B-${i},1,${"a".repeat(40)}${i % 2 ? "" : "!"}`);
    const { problems } = await parseDeliveriesCsv(["beneficiaryId,amount,code", ...rows].join("\n"), options);
    expect(problems).toHaveLength(25);
    expect(problems[0]).toEqual({ line: 2, field: "code", message: "does not match ^(a+)+$" });
  });
});
