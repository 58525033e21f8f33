/**
 * Times each target on the running server: one warm-up request, then RUNS requests one after another;
 * the figure is the wall time of the whole HTTP exchange over loopback, body read included (the app
 * sets no Server-Timing header). A list's second page is found by following the Next link of its
 * pager in the first page's HTML, so `?page=N` and cursor (`?after=`) paging are measured alike.
 */
import type { Auth, Target } from "./scale-targets";
import type { Account, World } from "./scale-world";

export interface Timing {
  name: string;
  path: string;
  medianMs: number;
  maxMs: number;
  /** Every status seen, e.g. "200" or "200,500". */
  status: string;
  bytes: number;
}

async function signIn(base: string, account: Account): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${account.email}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

export async function headersFor(base: string, world: World): Promise<Record<Auth, Record<string, string>>> {
  return {
    owner: { cookie: await signIn(base, world.owner) },
    admin: { cookie: await signIn(base, world.admin) },
    key: { "x-api-key": world.apiKey, "content-type": "application/json" },
    token: { authorization: `Bearer ${world.platformToken}`, "content-type": "application/json" },
  };
}

/** The server under test; `revive` starts it again if it died (a page that ran it out of memory). */
export interface LiveServer {
  base(): string;
  revive(): Promise<void>;
}

/** One request; a failed exchange (the server died, a 2-minute timeout) is status "ERR" and revives the server. */
async function once(server: LiveServer, target: Target, headers: Record<string, string>) {
  const started = performance.now();
  try {
    const response = await fetch(server.base() + (target.url?.() ?? target.path), {
      method: target.method ?? "GET",
      // A signed-in page's POST comes from the page's own origin, as a browser sends it.
      headers: {
        ...headers,
        ...(target.method === "POST" && "cookie" in headers ? { origin: server.base() } : {}),
      },
      body: target.body?.(),
      redirect: "manual",
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    const failed = target.failed?.(text) ? "!" : "";
    return { ms: performance.now() - started, status: `${response.status}${failed}`, text };
  } catch (error) {
    const ms = performance.now() - started;
    process.stderr.write(`  ✖ ${target.name}: ${(error as Error).cause ?? (error as Error).message}\n`);
    await server.revive();
    return { ms, status: "ERR", text: "" };
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** The pager's Next link in a page's HTML (an <a> whose text is "Next"), unescaped; undefined when none. */
export function nextLink(html: string): string | undefined {
  const match = html.match(/<a\b[^>]*?href="([^"]+)"[^>]*>\s*(?:<!-- -->)?\s*Next\b/);
  return match?.[1]?.replaceAll("&amp;", "&");
}

async function time(server: LiveServer, target: Target, headers: Record<string, string>, runs: number) {
  const warm = await once(server, target, headers);
  const samples = [];
  // A request that kills the server is not repeated: one such answer says enough.
  for (let n = 0; n < runs && warm.status !== "ERR"; n++) samples.push(await once(server, target, headers));
  if (samples.length === 0) samples.push(warm);
  const statuses = [...new Set([warm.status, ...samples.map((s) => s.status)])].join(",");
  const timing: Timing = {
    name: target.name,
    path: target.path,
    medianMs: round1(median(samples.map((s) => s.ms))),
    maxMs: round1(Math.max(...samples.map((s) => s.ms))),
    status: statuses,
    bytes: samples[0]?.text.length ?? 0,
  };
  return { timing, html: warm.text };
}

/** Times every target (and each list's next page); prints a line per target as it goes. */
export async function measureAll(server: LiveServer, world: World, targets: Target[], runs: number) {
  const headers = await headersFor(server.base(), world);
  // One pass over everything first: a fresh server loads each route's code on its first request.
  for (const target of targets) await once(server, target, headers[target.auth]);
  const timings: Timing[] = [];
  const record = (timing: Timing) => {
    timings.push(timing);
    process.stderr.write(
      `  ${timing.name.padEnd(48)} ${String(timing.medianMs).padStart(8)} ms  ${timing.status}\n`,
    );
  };
  for (const target of targets) {
    const { timing, html } = await time(server, target, headers[target.auth], runs);
    record(timing);
    const next = target.list ? nextLink(html) : undefined;
    const nextPage = { ...target, name: `${target.name} → next`, path: next ?? "", url: undefined };
    if (next) record((await time(server, nextPage, headers[target.auth], runs)).timing);
  }
  return timings;
}
