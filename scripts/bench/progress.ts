/** A progress bar with rows/s on stderr, redrawn at most every 200 ms (a plain line when stderr is not a terminal). */
const WIDTH = 30;

export interface Progress {
  add(rows: number): void;
  /** Ends the bar; returns the rows/s over its whole time. */
  done(): number;
}

const count = (n: number) => Math.round(n).toLocaleString("en-US");

export function progress(label: string, total: number): Progress {
  const started = performance.now();
  let rows = 0;
  let drawn = 0;
  let printed = started;
  const rate = () => rows / Math.max(0.001, (performance.now() - started) / 1000);
  const draw = (final: boolean) => {
    const share = total > 0 ? Math.min(1, rows / total) : 1;
    const filled = Math.round(share * WIDTH);
    const bar = `${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}`;
    const line = `  ${label} ${bar} ${(share * 100).toFixed(0).padStart(3)}% ${count(rows)}/${count(total)} rows, ${count(rate())} rows/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${final ? "\n" : ""}`);
    else if (final || performance.now() - printed > 5_000) {
      process.stderr.write(`${line}\n`);
      printed = performance.now();
    }
    drawn = performance.now();
  };
  return {
    add(n) {
      rows += n;
      if (performance.now() - drawn > 200) draw(false);
    },
    done() {
      draw(true);
      return rate();
    },
  };
}
