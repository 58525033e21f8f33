/**
 * The database bench:scale grows: migrated by the server's own migration step, then the people and
 * keys of a deployment made with the product's functions (as scripts/demo.ts, provider-create and
 * user-create make them): the provider under load with its API key, a few other providers, an
 * administrator and the provider's owner (who sign in to the pages), and a platform API token.
 */

import { queueEvent } from "@/lib/domain/webhooks";
import { REQUEST_TYPES } from "../../../lib/contract/envelope-schema";
import { LEGACY_ADMIN_ROLES, type UserRole } from "../../../lib/contract/roles";
import { db, disconnectDb } from "../../../lib/db";
import { closeChannelWriter } from "../../../lib/db/channel-writes";
import { issueApiKey, issuePlatformToken } from "../../../lib/domain/keys";
import { type Actor, operatorActor } from "../../../lib/domain/permissions";
import { createProvider } from "../../../lib/domain/providers";
import { createUser, generatePassword } from "../../../lib/domain/users";
import { applyMigrations } from "../../../server/apply-migrations";
import { progress } from "../progress";
import { type ChannelActors, seedChannels } from "./scale-channels";
import { type DeliveryTarget, seedDeliveries, setUpDeliveries } from "./scale-deliveries";
import { ROOT } from "./scale-options";
import type { Raw } from "./scale-sql";

const OPERATOR = operatorActor("bench-scale");
const OTHER_PROVIDERS = 3;
const OTHER_CHANNELS = 50;

export interface Account {
  email: string;
  password: string;
  actor: Actor;
}

export interface World {
  providerId: string;
  apiKey: string;
  apiKeyId: string;
  platformToken: string;
  admin: Account;
  owner: Account;
  /** What the database holds now. */
  channels: number;
  deliveries: number;
  target?: DeliveryTarget;
}

async function account(email: string, roles: UserRole[], providerId: string | null): Promise<Account> {
  const password = generatePassword();
  const user = await createUser({ email, name: email.split("@")[0]!, password, roles, providerId });
  const actor: Actor = { kind: "user", id: user.id, personId: user.id, holds: roles, providerId };
  return { email, password, actor };
}

/** Other providers with a few channels each, so that lists and filters are not of one provider only. */
async function otherProviders(raw: Raw, admin: Actor): Promise<void> {
  for (let n = 1; n <= OTHER_PROVIDERS; n++) {
    const provider = await createProvider(OPERATOR, `Other Payouts ${n}`);
    const owner = operatorActor("bench-scale", provider.id);
    const bar = progress(`other provider ${n}`, OTHER_CHANNELS);
    await seedChannels(raw, { providerId: provider.id, owner, admin }, 0, OTHER_CHANNELS, bar);
    bar.done();
  }
}

export async function createWorld(raw: Raw): Promise<World> {
  await applyMigrations(ROOT);
  const provider = await createProvider(OPERATOR, "Scale Payouts");
  const { key, record } = await issueApiKey(OPERATOR, provider.id, "bench-scale");
  // Every console page and platform list, the review queue and the audit trail included.
  const admin = await account(
    "admin@scale.example",
    [...LEGACY_ADMIN_ROLES, "finance_approver", "auditor"],
    null,
  );
  const owner = await account("owner@scale.example", ["owner"], provider.id);
  const { token } = await issuePlatformToken(admin.actor, { name: "bench-scale", expiresInDays: 30 });
  await otherProviders(raw, admin.actor);
  await seedWebhookLog(provider.id);
  return {
    providerId: provider.id,
    apiKey: key,
    apiKeyId: record.id,
    platformToken: token,
    admin,
    owner,
    channels: 0,
    deliveries: 0,
  };
}

/**
 * A page and more of decision events in the webhook log before the first size is measured: the log's
 * pages and list compare full pages at every size (the measured writes queue the rest).
 */
async function seedWebhookLog(providerId: string) {
  await db().$transaction(async (tx) => {
    for (let i = 0; i < WEBHOOK_LOG_EVENTS; i++)
      await queueEvent(tx, providerId, "DELIVERY_CHANNEL_STATUS_UPDATED", {
        providerDeliveryChannelId: `decided-${i}`,
        status: "Approved",
        message: "",
        requestType: REQUEST_TYPES.CREATE,
        requestedDate: `${new Date().toISOString().slice(0, 19)}Z`,
      });
  });
}
const WEBHOOK_LOG_EVENTS = 30;

const actorsOf = (world: World): ChannelActors => ({
  providerId: world.providerId,
  owner: world.owner.actor,
  admin: world.admin.actor,
});

/** Grows the provider's channels and the program's deliveries to the step's sizes; returns rows/s of each. */
export async function grow(raw: Raw, world: World, channels: number, deliveries: number) {
  const rates = { channelsPerSecond: 0, deliveriesPerSecond: 0 };
  if (channels > world.channels) {
    const bar = progress("channels  ", channels - world.channels);
    await seedChannels(raw, actorsOf(world), world.channels, channels, bar);
    rates.channelsPerSecond = bar.done();
    world.channels = channels;
  }
  if (!world.target) {
    const first = await db().channel.findFirstOrThrow({
      where: { providerId: world.providerId },
      orderBy: { id: "asc" },
    });
    world.target = await setUpDeliveries(world.admin.actor, world.providerId, first.id);
  }
  if (deliveries > world.deliveries) {
    const bar = progress("deliveries", deliveries - world.deliveries);
    await seedDeliveries(raw, world.target, world.deliveries, deliveries, bar);
    rates.deliveriesPerSecond = bar.done();
    world.deliveries = deliveries;
  }
  return rates;
}

export async function closeWorld(raw: Raw): Promise<void> {
  await closeChannelWriter();
  await raw.close();
  await disconnectDb();
}
