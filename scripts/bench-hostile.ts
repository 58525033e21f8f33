/**
 * `npm run bench:hostile`: what hostile 1 MiB bodies cost the production server, run as `npm start`
 * runs it (the supervisor and its server: their resident memory is added up). Rounds of 20
 * concurrent 1 MiB bodies of six hostile shapes; memory is sampled every 20 ms and /api/health is
 * asked every 100 ms throughout. The baseline, measured in the same run, is the same server idle
 * and its health answers before the load. SQLite by default; DATABASE_URL=postgresql://… for
 * PostgreSQL. Needs `next build`.
 *
 *   npm run bench:hostile -- [--rounds 10] [--concurrency 20]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { seedProviders } from "../tests/support/server/seed";
import { createTestDatabase, startServer } from "../tests/support/server/test-server";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "10" }, concurrency: { type: "string", default: "20" } },
});
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);
const MIB = 1024 * 1024;

const channel = (over: Record<string, unknown>) => ({
  providerDeliveryChannelId: "hostile",
  name: { language: "EN", translation: "x" },
  landingPage: "x.org",
  availability: { categoriesSupported: ["CASH"] },
  ...over,
});
/** Six shapes of about 1 MiB each, every one refused. */
const SHAPES: Record<string, string> = {
  "350k+ zeros in one list": JSON.stringify(
    channel({ availability: { categoriesSupported: Array(MIB / 2 - 200).fill(0) } }),
  ),
  "200k countries": JSON.stringify(
    channel({
      availability: {
        categoriesSupported: ["CASH"],
        countriesSupported: Array(Math.floor(MIB / 5) - 100).fill("BG"),
      },
    }),
  ),
  "nesting 500k deep": `${"[".repeat(MIB / 2 - 1)}${"]".repeat(MIB / 2 - 1)}`,
  "a 1 MiB name": JSON.stringify(channel({ name: { language: "EN", translation: "x".repeat(MIB - 200) } })),
  "50k unknown properties": JSON.stringify(
    channel(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))),
  ),
  "10k wrong contacts": JSON.stringify(
    channel({ contacts: Array(10_000).fill({ email: 1, name: [], phone: {} }) }),
  ),
};

/** Resident memory of a process and all its descendants (npm start: the supervisor and the server). */
function rssMb(pid: number): number {
  try {
    const own =
      Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean);
    return own + children.reduce((sum, child) => sum + rssMb(Number(child)), 0);
  } catch {
    return 0; // the process ended between the listing and the read
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const postgres = process.env.DATABASE_URL?.startsWith("postgres") ? process.env.DATABASE_URL : undefined;
if (postgres) process.env.TEST_POSTGRES_URL = postgres;
const database = await createTestDatabase(postgres ? "postgres" : "sqlite");
const server = await startServer(database.url, "production", {
  LOG_LEVEL: "warn",
  WORKERS_IN_PROCESS: "false",
});
const pid = server.process.pid as number;
const { providerA } = await seedProviders(database.url);

/** Asks /api/health every 100 ms until stopped; returns each answer's time, or NaN for a failure. */
function watchHealth() {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${server.baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      times.push(ok ? performance.now() - started : Number.NaN);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return times;
  };
}

async function measure(load: () => Promise<void>) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const stopHealth = watchHealth();
  await load();
  const health = await stopHealth();
  clearInterval(sampler);
  return { peak, health };
}

const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
const statuses = new Map<number, number>();
const loaded = await measure(async () => {
  const bodies = Object.values(SHAPES);
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const response = await fetch(`${server.baseUrl}/api/DeliveryChannel/Create`, {
          method: "POST",
          headers: { "x-api-key": providerA.key, "content-type": "application/json" },
          body: bodies[(round + i) % bodies.length],
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
  }
});
const alive = server.process.exitCode === null && (await fetch(`${server.baseUrl}/api/health`)).ok;
await server.stop();
await database.drop();

const failed = loaded.health.filter(Number.isNaN).length;
console.log(
  `\nHostile 1 MiB bodies, ${ROUNDS} rounds × ${CONCURRENCY} concurrent, ${postgres ? "PostgreSQL" : "SQLite"}`,
);
console.log(`answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}`);
console.log("| measure | idle (baseline) | under hostile load | ratio |\n|---|---|---|---|");
console.log(
  `| server RSS, peak MB | ${idle.peak.toFixed(0)} | ${loaded.peak.toFixed(0)} | ${(loaded.peak / idle.peak).toFixed(2)} |`,
);
const [idleHealth, loadedHealth] = [
  median(idle.health),
  median(loaded.health.filter((t) => !Number.isNaN(t))),
];
console.log(
  `| /api/health median ms | ${idleHealth.toFixed(1)} | ${loadedHealth.toFixed(1)} | ${(loadedHealth / idleHealth).toFixed(1)} |`,
);
console.log(
  `health answered ${loaded.health.length - failed}/${loaded.health.length} under load; alive afterwards: ${alive}`,
);
process.exit(alive && failed === 0 && loaded.peak < 400 ? 0 : 1);
