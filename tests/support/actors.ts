/** Actors for domain tests: the people and keys the domain's permission checks see. */
import type { UserRole } from "../../lib/contract/roles";
import type { Actor } from "../../lib/domain/permissions";

/** A signed-in platform user holding `roles`; `id` is the person (the four-eyes rule compares it). */
export const userActor = (roles: UserRole[], id = `user-${roles.join("-")}`): Actor => ({
  kind: "user",
  id,
  personId: id,
  holds: roles,
  providerId: null,
});

export const MANAGER = userActor(["program_manager"], "manager");

/** A provider's full API key, as DeliveryRequest/Sync and Delivery/Sync see it. */
export const providerKey = (providerId: string, id = `key-${providerId}`): Actor => ({
  kind: "apiKey",
  id,
  personId: null,
  holds: ["key:full"],
  providerId,
});
