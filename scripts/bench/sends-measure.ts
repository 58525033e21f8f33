/**
 * What bench-sends.ts measures while a configuration runs: each send's answer and time, the slowest
 * /api/health answer, and the server's peak RSS.
 */
import { procMb, sleep } from "./sends-server";

const HEALTH_EVERY_MS = 100;
const RSS_EVERY_MS = 50;

export interface SendResult {
  status: number | string;
  seconds: number;
  detail?: string;
}

/** One send; `timeoutMs`: how long it may take before it counts as timed out (--timeout). */
export async function send(
  baseUrl: string,
  token: string,
  programId: string,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const seconds = () => +((performance.now() - started) / 1000).toFixed(2);
  try {
    const response = await fetch(`${baseUrl}/api/platform/v1/programs/${programId}/delivery-requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let detail: string | undefined;
    if (response.status !== 200) {
      try {
        const { title, type, detail: said } = JSON.parse(text).error ?? {};
        detail = [title, type, said].filter(Boolean).join(" · ").slice(0, 200);
      } catch {
        detail = text.slice(0, 200);
      }
    }
    return { status: response.status, seconds: seconds(), detail };
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: name === "TimeoutError" ? "timeout" : (cause ?? "error"), seconds: seconds() };
  }
}

/** Polls /api/health back to back, one every HEALTH_EVERY_MS at most; the slowest answer (or wait). */
export function pollHealth(baseUrl: string) {
  let stopped = false;
  let worst = 0;
  let polls = 0;
  let failures = 0;
  let inFlightSince: number | undefined;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      inFlightSince = started;
      const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      );
      inFlightSince = undefined;
      const elapsed = performance.now() - started;
      polls++;
      // A poll that failed (the server died under it) waited too: its wait counts.
      if (!ok) failures++;
      worst = Math.max(worst, elapsed);
      await sleep(Math.max(0, HEALTH_EVERY_MS - elapsed));
    }
  })();
  return async () => {
    // A poll still waiting when the sends end counts with what it has waited so far.
    if (inFlightSince !== undefined) worst = Math.max(worst, performance.now() - inFlightSince);
    stopped = true;
    const result = { worst: Math.round(worst), polls, failures };
    await Promise.race([loop, sleep(200)]);
    return result;
  };
}

/** VmHWM (the kernel's own peak) and VmRSS every RSS_EVERY_MS while the process lives. */
export function sampleRss(pid: number) {
  let peak = 0;
  const read = () => {
    peak = Math.max(peak, procMb(pid, "VmHWM") ?? 0, procMb(pid, "VmRSS") ?? 0);
  };
  read();
  const timer = setInterval(read, RSS_EVERY_MS);
  return () => {
    read();
    clearInterval(timer);
    return Math.round(peak);
  };
}
