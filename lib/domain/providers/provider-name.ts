/** Provider organisations as the portals show them. */
import { db } from "../../db";

export async function providerName(providerId: string): Promise<string> {
  const provider = await db().provider.findUnique({ where: { id: providerId }, select: { name: true } });
  return provider?.name ?? "";
}
