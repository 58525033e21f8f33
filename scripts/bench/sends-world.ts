/**
 * The world of bench-sends.ts: a program manager's platform token, and per option count an approved
 * ONLINE channel serving a program; and the body of a send to such a channel.
 */
import { MAX_DELIVERIES } from "../../lib/contract/delivery-limits";
import { PHONE_OPTION } from "../../tests/support/money/money-setup";
import { ROOT } from "./paths";

// ---------------------------------------------------------------------------------------------
// The world: a program manager's platform token, and per option count an approved ONLINE channel
// serving a program (tests/support: the domain's own write paths).

const channelOptions = (count: number) => [
  PHONE_OPTION,
  ...Array.from({ length: count - 1 }, (_, k) => ({
    fieldLabel: `Option ${k + 1}`,
    fieldName: `o${k + 1}`,
    dataType: "STRING",
    isRequired: false,
    fieldMaxLength: 20,
  })),
];

export interface Target {
  programId: string;
  channelId: string;
}

export interface World {
  token: string;
  /** Per option count: the program and channel every send goes to, or (--spread) one per send. */
  targets: Map<number, Target[]>;
}

/** `perCount`: the targets of each option count, 1 or (--spread) the most concurrent sends. */
export async function createWorld(
  databaseUrl: string,
  optionCounts: number[],
  perCount: number,
): Promise<World> {
  process.env.DATABASE_URL = databaseUrl;
  const { applyMigrations } = await import("../../server/apply-migrations");
  await applyMigrations(ROOT);
  const { servingChannel } = await import("../../tests/support/money/money-setup");
  const { platformUser } = await import("../../tests/support/platform/platform-api");
  const manager = await platformUser(["program_manager"]);
  const targets = new Map<number, Target[]>();
  for (const count of optionCounts) {
    const list: Target[] = [];
    for (let k = 0; k < perCount; k++) {
      const setup = await servingChannel(undefined, "EUR", 1e12, channelOptions(count) as never);
      list.push({ programId: setup.programId, channelId: setup.channelId });
    }
    targets.set(count, list);
  }
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb();
  return { token: manager.token, targets };
}

/** MAX_DELIVERIES rows as tests/api/platform/platform-large-sends.test.ts sends them, plus the other options. */
export function sendBody(channelId: string, optionCount: number, tag: string, rows = MAX_DELIVERIES): string {
  const deliveries = Array.from({ length: rows }, (_, n) => {
    const options: Record<string, string> = { phone: `+359888${String(n).padStart(6, "0")}` };
    for (let k = 1; k < optionCount; k++) options[`o${k}`] = String((n + k) % 10_000).padStart(4, "0");
    return { beneficiaryId: `${tag}-${n}-`.padEnd(12, "x"), amount: 1 + (n % 50), options };
  });
  return JSON.stringify({ channelId, description: `Bench send ${tag}`, deliveries });
}
