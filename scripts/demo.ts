/**
 * `npm run demo`: the embedded portal with demo data, in one command on a fresh clone.
 * Builds the app if needed, migrates the database (SQLite under data/ unless DATABASE_URL says
 * otherwise), makes sure a demo provider with sample channels exists — one approved by the demo
 * administrator and one awaiting approval, each in a state the lifecycle rule allows (docs/approvals-and-translations.md
 * "Approvals and translations") — gives it a fresh API key (revoking the demo's earlier keys), then runs the
 * production server and prints how to call it.
 */

import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { DEMO_CHANNEL_ID } from "../lib/api/openapi/examples";
import { databaseUrl, port } from "../lib/config";
import { LEGACY_ADMIN_ROLES, ROLE_LABELS, type UserRole } from "../lib/contract/roles";
import { db, disconnectDb } from "../lib/db";
import { decideChannelRequest, requestChannelCreate } from "../lib/domain/channels";
import { issueApiKey } from "../lib/domain/keys";
import { operatorActor } from "../lib/domain/permissions";
import { createProvider } from "../lib/domain/providers";
import { createUser, generatePassword, resetPassword } from "../lib/domain/users";
import { applyMigrations, projectRoot } from "../server/apply-migrations";
import { sampleChannel } from "./sample-channel";

const OPERATOR = operatorActor("demo");

const DEMO_PROVIDER = "Demo Payouts";
const DEMO_PENDING_CHANNEL_ID = "0b7c2f64-8f0e-4b8a-9d57-1f1a3e6c9a11";
const DEMO_KEY_LABEL = "demo";
const DEMO_ADMIN = "admin@demo.example";

/** One demo account per role (docs/users-and-roles.md "Users and roles"); the provider's belong to the demo provider. */
const DEMO_USERS: ReadonlyArray<{ email: string; name: string; roles: UserRole[]; ofProvider?: true }> = [
  { email: DEMO_ADMIN, name: "Alex Admin", roles: LEGACY_ADMIN_ROLES },
  // A second administrator: erasing a beneficiary takes two (issue 36).
  { email: "admin2@demo.example", name: "Sam Second Admin", roles: ["administrator"] },
  { email: "reviewer@demo.example", name: "Rita Reviewer", roles: ["reviewer"] },
  { email: "programs@demo.example", name: "Pat Program Manager", roles: ["program_manager"] },
  { email: "finance1@demo.example", name: "Fay Finance", roles: ["finance_approver"] },
  { email: "finance2@demo.example", name: "Finn Finance", roles: ["finance_approver"] },
  { email: "auditor@demo.example", name: "Aud Auditor", roles: ["auditor"] },
  { email: "provider@demo.example", name: "Dana Provider", roles: ["owner"], ofProvider: true },
  { email: "editor@demo.example", name: "Eddie Editor", roles: ["editor"], ofProvider: true },
  { email: "viewer@demo.example", name: "Vic Viewer", roles: ["viewer"], ofProvider: true },
];

interface DemoCredentials {
  key: string;
  accounts: Array<{ email: string; roles: UserRole[]; password: string }>;
}

/** Creates the user, or gives the existing one a fresh password; returns the password either way. */
async function demoUser(email: string, name: string, roles: UserRole[], providerId: string | null) {
  const password = generatePassword();
  if (!(await resetPassword(email, password))) await createUser({ email, name, password, roles, providerId });
  return password;
}

function buildIfNeeded() {
  if (existsSync(".next/BUILD_ID") && !process.argv.includes("--rebuild")) return;
  console.log("Building the app (next build)…");
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function seedDemo(): Promise<DemoCredentials> {
  const provider =
    (await db().provider.findFirst({ where: { name: DEMO_PROVIDER } })) ??
    (await createProvider(OPERATOR, DEMO_PROVIDER));
  await db().apiKey.updateMany({
    where: { providerId: provider.id, name: DEMO_KEY_LABEL, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const { key } = await issueApiKey(OPERATOR, provider.id, DEMO_KEY_LABEL);
  const accounts = [];
  for (const user of DEMO_USERS) {
    const providerId = user.ofProvider ? provider.id : null;
    const password = await demoUser(user.email, user.name, user.roles, providerId);
    accounts.push({ email: user.email, roles: user.roles, password });
  }
  const hasChannel = await db().channel.count({ where: { providerId: provider.id } });
  if (!hasChannel) await seedChannels(provider.id);
  return { key, accounts };
}

/** An approved, ONLINE channel (created, then approved by the demo administrator) and a pending one. */
async function seedChannels(providerId: string) {
  await requestChannelCreate(operatorActor("demo", providerId), sampleChannel(DEMO_CHANNEL_ID));
  const admin = await db().user.findUniqueOrThrow({ where: { email: DEMO_ADMIN } });
  const create = await db().channelRequest.findFirstOrThrow({
    where: { state: "PENDING", channel: { providerId, providerDeliveryChannelId: DEMO_CHANNEL_ID } },
  });
  await decideChannelRequest({ ...OPERATOR, kind: "user", id: admin.id, personId: admin.id }, create.id, {
    approve: true,
  });
  await requestChannelCreate(operatorActor("demo", providerId), {
    providerDeliveryChannelId: DEMO_PENDING_CHANNEL_ID,
    name: { language: "EN", translation: "Vouchers at partner shops" },
    landingPage: "www.demo-payouts.example/vouchers",
    availability: { categoriesSupported: ["VOUCHERS"], countriesSupported: ["PL"] },
  });
}

/** The demo accounts as one aligned table: role, email, password. */
function credentialTable(accounts: DemoCredentials["accounts"]): string {
  const rows = accounts.map((account) => [
    account.roles.map((role) => ROLE_LABELS[role]).join(", "),
    account.email,
    account.password,
  ]);
  const width = (column: number) => Math.max(...rows.map((row) => (row[column] ?? "").length));
  return rows
    .map(
      ([roles = "", email = "", password]) =>
        `  ${roles.padEnd(width(0))}  ${email.padEnd(width(1))}  ${password}`,
    )
    .join("\n");
}

function printWelcome({ key, accounts }: DemoCredentials) {
  const base = `http://localhost:${port()}`;
  console.log(`
Delivery Channel Portal is running at ${base} (database: ${databaseUrl()})
  API reference: ${base}/docs

Sign in at ${base}/sign-in (passwords are new on every start; Dana, Eddie and Vic
work for the demo provider):
${credentialTable(accounts)}

Demo provider "${DEMO_PROVIDER}" — API key (new on every start):
  ${key}

Try:
  curl -s ${base}/api/DeliveryChannel/Get/${DEMO_CHANNEL_ID} -H 'x-api-key: ${key}'
  curl -s -X POST ${base}/api/ClientSetting/GetLookUpValues -H 'x-api-key: ${key}' \\
       -H 'Content-Type: application/json-patch+json' -d '{"data":"Kyc"}'
Webhooks on this machine: run \`npm run webhook:receiver -- --port 4000 --secret demo-secret\`
in another terminal, then subscribe http://127.0.0.1:4000/ with an hmac secret "demo-secret" on
the portal's Webhooks page (or the API's Subscribe); each event prints there, its signature checked.
Press Ctrl+C to stop.
`);
}

async function main() {
  buildIfNeeded();
  await applyMigrations(projectRoot);
  const credentials = await seedDemo();
  await disconnectDb();
  const server = spawn(process.execPath, ["server/supervisor.ts"], {
    stdio: "inherit",
    // The demo runs on one machine: its webhooks may call the bundled receiver on 127.0.0.1
    // (a deployment refuses private callbacks unless this is set).
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true", ...process.env, NODE_ENV: "production" },
  });
  const forward = (signal: NodeJS.Signals) => server.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  server.on("exit", (code) => process.exit(code ?? 0));
  for (let attempt = 0; attempt < 150; attempt++) {
    const healthy = await fetch(`http://127.0.0.1:${port()}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return printWelcome(credentials);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error("The server did not become healthy within 30 s; see its log above.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
