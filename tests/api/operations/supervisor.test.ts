/**
 * `npm start` survives the death of its server (issue 15, finding 1: "nothing restarts it"): the
 * supervisor starts the server again, logs why, and still drains and exits cleanly on SIGTERM. A bad
 * setting (issue 11) stops it at once, naming the variable, instead of restarting in a loop.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ownServer } from "../../support/server/own-server";
import { productionNodeArgs, ROOT, serverPidOf } from "../../support/server/test-server";

const own = ownServer({ LOG_LEVEL: "warn", WORKERS_IN_PROCESS: "false" });

const serverPid = () => serverPidOf(own.server());

async function healthy(): Promise<boolean> {
  return fetch(`${own.server().baseUrl}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
}

describe("the supervisor of npm start", () => {
  it("exits at once, naming the variable, when a setting is invalid", () => {
    const run = spawnSync(process.execPath, productionNodeArgs(), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", WEBHOOK_TIMEOUT_MS: "abc" },
      encoding: "utf8",
      timeout: 30_000,
    });
    const lines = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(run.status).toBe(78);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 60,
        msg: "could not start",
        problems: ['WEBHOOK_TIMEOUT_MS must be a positive integer (got "abc")'],
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "server refused its configuration; not restarting" }),
    );
    expect(run.stdout).not.toContain("exited unexpectedly");
  }, 30_000);

  it("starts the server again after it is killed, and says so in the log", async () => {
    const first = serverPid();
    process.kill(first, "SIGKILL");
    let answered = false;
    for (let attempt = 0; attempt < 300 && !answered; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answered = await healthy();
    }
    expect(answered).toBe(true);
    expect(serverPid()).not.toBe(first);
    expect(own.server().output()).toContain('"signal":"SIGKILL"');
    expect(own.server().output()).toContain("server exited unexpectedly; restarting");
  }, 90_000);

  it("passes SIGTERM on: the server drains and both exit with 0", async () => {
    const exited = new Promise<number | null>((resolve) => own.server().process.once("exit", resolve));
    own.server().process.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 30_000);
});
