/**
 * A provider's team for the notification tests (tests/domain/notifications/): an owner, a viewer and
 * an editor who turned every kind off, a channel body to request, and what the database holds: the
 * mail written to an address and the provider's pending channel request.
 */
import { randomUUID } from "node:crypto";
import { saveNotificationSettings } from "@/lib/domain/notifications";
import { createProvider } from "../../../lib/domain/providers";
import { ADMIN } from "../users/actors";
import { newUser } from "../users/users";

type DbModule = typeof import("../../../lib/db");

export async function providerWithTeam() {
  const provider = await createProvider(ADMIN, `Mail provider ${randomUUID()}`);
  const [owner, viewer, muted] = await Promise.all([
    newUser(["owner"], provider.id),
    newUser(["viewer"], provider.id),
    newUser(["editor"], provider.id),
  ]);
  await saveNotificationSettings({ id: muted.id, roles: ["editor"] }, []);
  return { providerId: provider.id, owner, viewer, muted };
}

export const body = (providerDeliveryChannelId: string, name: string) => ({
  providerDeliveryChannelId,
  name: { language: "EN" as const, translation: name },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH" as const] },
});

/** Reads of the database the test file opened (openTestDb's getter). */
export function teamMail(database: () => DbModule) {
  const mailTo = (address: string) =>
    database()
      .db()
      .mailMessage.findMany({ where: { toAddress: address }, orderBy: { id: "asc" } });

  async function pendingRequestId(providerId: string) {
    const request = await database()
      .db()
      .channelRequest.findFirstOrThrow({
        where: { channel: { providerId }, state: "PENDING" },
        orderBy: { requestedAt: "desc" },
      });
    return request.id;
  }
  return { mailTo, pendingRequestId };
}
