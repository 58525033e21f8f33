/**
 * Uploads of a provider's own statement (issue 32, item 3), on the real database: the provider's
 * mapping is read and remembered; a file that cannot be read is refused line by line with nothing
 * written; only a finance approver uploads. The classes and the repeats:
 * tests/domain/reconciliation/statement-uploads.test.ts.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_STATEMENT_MAPPING } from "@/lib/contract/reconciliation/statement-upload-schema";
import { statementMappingOf, uploadStatement } from "@/lib/domain/reconciliation";
import { refusal } from "../../support/money/money-setup";
import { csv, FINANCE, sentThree, today, upload, uploaded } from "../../support/reconciliation/upload-world";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

const database = openTestDb();

const _kinds = (result: Awaited<ReturnType<typeof uploaded>>) =>
  result.breaks.map((row) => [row.kind, row.line] as const);

describe("the mapping", () => {
  it("reads the provider's own columns and labels, and is remembered for its next file", async () => {
    const world = await sentThree();
    const mapping = {
      columns: {
        deliveryId: "Ref Plateforme",
        reference: "",
        amount: "Montant",
        unit: "Devise",
        status: "Etat",
      },
      labels: { delivered: ["PAYE"], reverted: ["ANNULE"], pending: [] },
    };
    const text = [
      "Ref Plateforme;Montant;Devise;Etat",
      `${world.hundred};100.00;EUR;paye`,
      `${world.fifty};50.00;EUR;ANNULE`,
    ].join("\r\n");
    const result = await uploaded(world.setup.providerId, text, mapping);
    expect(result.appliedCount).toBe(2);
    expect(await statementMappingOf(FINANCE, world.setup.providerId)).toEqual(mapping);
  });

  it("a file it cannot read is refused line by line, nothing written", async () => {
    const world = await sentThree();
    const outcome = await upload(
      world.setup.providerId,
      csv(
        `${world.hundred},,1.234,EUR,DELIVERED`,
        `${world.fifty},,50.00,,DELIVERED`,
        `${world.thirty},,30.00,EUR,PAID`,
      ),
    );
    expect(outcome).toMatchObject({
      problemCount: 3,
      problems: [
        { line: 2, message: expect.stringContaining("“1.234” is not an amount") },
        { line: 3, message: "the currency or unit is empty" },
        { line: 4, message: expect.stringContaining("the status “PAID” means nothing yet") },
      ],
    });
    const missingColumn = await upload(world.setup.providerId, "deliveryId,amount\nx,1");
    // The header's problems alone: its lines cannot be read without the columns.
    expect(missingColumn).toMatchObject({
      problems: ["providerDeliveryId", "unit", "status"].map((column) => ({
        line: 1,
        message: expect.stringContaining(`“${column}”`),
      })),
    });
    expect(
      await database()
        .db()
        .statementUpload.count({ where: { providerId: world.setup.providerId } }),
    ).toBe(0);
    expect(
      await database()
        .db()
        .delivery.count({ where: { id: world.hundred, deliveredAt: { not: null } } }),
    ).toBe(0);
  });
});

it("only a finance approver uploads; an unknown provider is not found", async () => {
  const world = await sentThree();
  const file = csv(`${world.hundred},,100.00,EUR,DELIVERED`);
  const refused = await refusal(
    uploadStatement(MANAGER, {
      provider: world.setup.providerId,
      from: today,
      to: today,
      fileName: "s.csv",
      mapping: DEFAULT_STATEMENT_MAPPING,
      csv: file,
    }),
  );
  expect(refused.kind).toBe("forbidden");
  expect(
    await database()
      .db()
      .statementUpload.count({ where: { providerId: world.setup.providerId } }),
  ).toBe(0);
  await expect(upload("0193a1c2-7e1f-7000-8000-0000000000aa", file)).rejects.toMatchObject({
    kind: "not_found",
  });
});
