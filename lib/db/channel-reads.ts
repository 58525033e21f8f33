/**
 * The API's hottest read (View) through the drivers with a statement prepared once per connection.
 * Prisma 6's client engine compiles every query in WebAssembly (~180 µs even for SELECT 1) and
 * libsql through Prisma prepares a fresh statement each time (~86 µs): together more than the rest
 * of the request. Measured with `npm run bench`; besides Create's inserts (channel-writes.ts) and
 * the rate-limit counter (rate-counts.ts), every other query goes through Prisma.
 */
import Database from "libsql";
import pg from "pg";
import { ensureSqliteFolder } from "../config";
import { pgConfig } from "./adapters";
import { sharedDriver } from "./shared-driver";

export interface ChannelRow {
  approvedContent: string | null;
  requestedContent: string;
  isApproved: boolean;
  status: string;
}

type ChannelReader = {
  read(providerId: string, providerDeliveryChannelId: string): Promise<ChannelRow | undefined>;
  close(): Promise<void>;
};

const COLUMNS = `"approvedContent", "requestedContent", "isApproved", "status"`;

function sqliteReader(url: string): ChannelReader {
  ensureSqliteFolder(url);
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  // Another process (the onboarding CLI, a test) may be committing; wait for it rather than fail.
  connection.exec("PRAGMA busy_timeout = 5000");
  const statement = connection.prepare(
    `SELECT ${COLUMNS} FROM "Channel" WHERE "providerId" = ? AND "providerDeliveryChannelId" = ?`,
  );
  return {
    read: async (providerId, channelId) => {
      const row = statement.get(providerId, channelId) as
        | (Omit<ChannelRow, "isApproved"> & { isApproved: number })
        | undefined;
      return row && { ...row, isApproved: row.isApproved === 1 };
    },
    close: async () => {
      connection.close();
    },
  };
}

function postgresReader(url: string): ChannelReader {
  const pool = new pg.Pool({ ...pgConfig(url), max: 4 });
  const text = `SELECT ${COLUMNS} FROM "Channel" WHERE "providerId" = $1 AND "providerDeliveryChannelId" = $2`;
  return {
    read: async (providerId, channelId) =>
      (await pool.query<ChannelRow>({ name: "view-channel", text, values: [providerId, channelId] })).rows[0],
    close: () => pool.end(),
  };
}

const reader = sharedDriver("portalChannelReader", { sqlite: sqliteReader, postgres: postgresReader });

export function readChannelRow(providerId: string, providerDeliveryChannelId: string) {
  return reader.get().read(providerId, providerDeliveryChannelId);
}

export const closeChannelReader = reader.close;
