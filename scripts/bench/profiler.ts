/**
 * Preloaded into the server by `npm run bench -- --profile` (`node --import <this>`): a CPU profile
 * of exactly the measured window. The bench writes the destination file's path into the file named
 * by BENCH_PROFILE_CONTROL and sends SIGUSR2 to start; the second SIGUSR2 stops the profiler and
 * writes the profile there. Startup (migrations, Next's prepare) stays out of the picture.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const control = process.env.BENCH_PROFILE_CONTROL;
if (control) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on("SIGUSR2", () => {
    if (!running) {
      running = true;
      session.post("Profiler.enable", () =>
        session.post("Profiler.setSamplingInterval", { interval: 200 }, () => session.post("Profiler.start")),
      );
      return;
    }
    running = false;
    session.post("Profiler.stop", (error, result) => {
      const target = readFileSync(control, "utf8").trim();
      writeFileSync(target, error ? "" : JSON.stringify(result.profile));
      writeFileSync(control, "");
    });
  });
}
