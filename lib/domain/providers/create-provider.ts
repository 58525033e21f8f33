/** A new provider organisation, made by an administrator (or `npm run provider:create`), with its audit entry. */
import { db } from "../../db";
import { recordAudit } from "../audit";
import { type Actor, authorize } from "../permissions";

export async function createProvider(actor: Actor, name: string) {
  authorize(actor, "providers.manage");
  const trimmed = name.trim();
  if (!trimmed) throw new Error("A provider needs a name");
  return db().$transaction(async (tx) => {
    const provider = await tx.provider.create({ data: { name: trimmed } });
    await recordAudit(tx, actor, {
      action: "provider.created",
      subjectType: "Provider",
      subjectId: provider.id,
      after: { name: provider.name },
    });
    return provider;
  });
}
