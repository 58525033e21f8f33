/**
 * Child processes of the bench: started here, all killed at the end, on error and on SIGINT/SIGTERM.
 */
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

const children = new Set<ChildProcess>();

export function startChild(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** SIGTERM (the server drains), then SIGKILL if it is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child)));
}

/** Last resort when the process is exiting and cannot wait. */
function killAllNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}
process.on("exit", killAllNow);
let interrupted = false;
/** True once SIGINT/SIGTERM arrived: failures after that are the interruption, not bugs. */
export const wasInterrupted = () => interrupted;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the bench's child processes`);
    stopAllChildren().finally(() => process.exit(130));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A field of /proc/<pid>/status in MB (VmRSS: now, VmHWM: peak so far); 0 off Linux. */
export function procMemoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Polls VmRSS every `everyMs` until stopped; returns the highest value seen. */
export function sampleRss(pid: number, everyMs = 100): () => number {
  let peak = procMemoryMb(pid, "VmRSS");
  const timer = setInterval(() => {
    peak = Math.max(peak, procMemoryMb(pid, "VmRSS"));
  }, everyMs);
  return () => {
    clearInterval(timer);
    return Math.max(peak, procMemoryMb(pid, "VmRSS"));
  };
}

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  alive: () => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`${what}: the process exited`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds used so far by `pid` (user + system); 0 off Linux or once it is gone. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After "pid (comm) ": state is field 0, utime 11, stime 12.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far (all cores, idle and iowait excluded). */
function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/) ?? [];
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
    return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export interface CpuShare {
  /** Cores busy on average during the window: the server under test, this process, everything else. */
  server: number;
  bench: number;
  others: number;
  /** Length of the window. */
  seconds: number;
}

/**
 * Starts a CPU accounting window. `others` is what the rest of the machine used meanwhile (other
 * programs, the kernel's share not charged to us): when it is high, the figures are noisy.
 */
export function cpuWindow(pid: number | undefined): () => CpuShare {
  const started = performance.now();
  const server0 = pid ? processCpuSeconds(pid) : 0;
  const self0 = process.cpuUsage();
  const machine0 = machineBusySeconds();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const server = pid ? processCpuSeconds(pid) - server0 : 0;
    const selfUsage = process.cpuUsage(self0);
    const bench = (selfUsage.user + selfUsage.system) / 1e6;
    const others = Math.max(0, machineBusySeconds() - machine0 - server - bench);
    const perCore = (value: number) => +(value / seconds).toFixed(2);
    return { server: perCore(server), bench: perCore(bench), others: perCore(others), seconds };
  };
}
