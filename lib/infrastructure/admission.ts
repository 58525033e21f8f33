/**
 * Admission of heavy work by a memory budget (issue 35): a send of 10,000 deliveries holds tens of
 * megabytes while it is parsed, checked and written, and a few of them at once used to exhaust the
 * server's heap. Each heavy request names what it will hold at its peak (its cost, from its body's
 * size: `costOfBody`) and runs only while the costs of those running fit in the budget, a share of
 * the heap limit. The others wait in line, first come first served; one that cannot start within
 * ADMISSION_WAIT_MS is refused with `ServerBusy`, which the API answers 503 with Retry-After and
 * the console as a message to try again. A request whose cost alone exceeds the budget still runs,
 * but only when nothing else heavy does: every request within the documented limits is served.
 *
 * Small requests never come here: they are the most, and each is cheap.
 */
import { getHeapStatistics } from "node:v8";

/**
 * The share of the heap limit heavy requests may hold together. An idle production server holds
 * about 120 MB of its ~300 MB (256 MB old space and the young generation): this leaves the rest
 * room for everything else.
 */
const BUDGET_SHARE = 0.45;
/**
 * What a body parsed whole costs at its peak: per byte (the parsed strings, the schema's copy) and
 * per object. Fitted to the smallest heap sends parsed whole completed in (a bisection of
 * --max-old-space-size): 10,000 deliveries with 1 option needed ~15 MB above idle and cost 30 MB
 * here; with 50 options (7 MB) ~96 MB, costing 99 MB. A send is no longer parsed whole: its list
 * is read an item at a time and costs less (lib/api/json-list-body.ts).
 */
const HEAP_PER_BODY_BYTE = 11;
const HEAP_PER_OBJECT = 1024;
/** How long a heavy request may wait for its turn before it is refused. */
export const ADMISSION_WAIT_MS = 20_000;
/** What a refused request is told to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export class ServerBusy extends Error {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS;
  constructor() {
    super("The server is busy with other large requests");
  }
}

interface Waiting {
  cost: number;
  start: () => void;
  timer: NodeJS.Timeout;
}

/** One budget per process, shared by the API (on globalThis: Next's bundle and the fast path). */
class Budget {
  inUse = 0;
  running = 0;
  readonly waiting: Waiting[] = [];
  constructor(readonly size: number) {}

  private fits(cost: number): boolean {
    return this.running === 0 || this.inUse + cost <= this.size;
  }

  async run<T>(cost: number, work: () => Promise<T>, waitMs: number): Promise<T> {
    if (this.waiting.length === 0 && this.fits(cost)) this.take(cost);
    else await this.wait(cost, waitMs);
    try {
      return await work();
    } finally {
      this.inUse -= cost;
      this.running -= 1;
      this.startWaiting();
    }
  }

  private take(cost: number) {
    this.inUse += cost;
    this.running += 1;
  }

  private wait(cost: number, waitMs: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        cost,
        start: () => {
          clearTimeout(entry.timer);
          this.take(cost);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(new ServerBusy());
          // The first in line may fit now that a larger one behind it left.
          this.startWaiting();
        }, waitMs),
      };
      this.waiting.push(entry);
    });
  }

  /** Starts those first in line while they fit (never overtaking: a large one is not starved). */
  private startWaiting() {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.cost)) this.waiting.shift()!.start();
  }
}

const shared = globalThis as unknown as { portalHeavyWorkBudget?: Budget };

function budget(): Budget {
  shared.portalHeavyWorkBudget ??= new Budget(getHeapStatistics().heap_size_limit * BUDGET_SHARE);
  return shared.portalHeavyWorkBudget;
}

/** The peak heap a request with a JSON body of `bytes` holding `objects` objects is expected to hold. */
export const costOfBody = (bytes: number, objects: number) =>
  bytes * HEAP_PER_BODY_BYTE + objects * HEAP_PER_OBJECT;

/**
 * What a send whose deliveries are read a row at a time holds at its peak (a platform API send,
 * lib/api/json-list-body.ts; a console CSV, lib/domain/deliveries/parse-deliveries-csv.ts): its text and a few bytes a
 * row live, one batch's objects, and the garbage of those before it until the collector runs.
 * Fitted to npm run bench:sends's heap columns: 10,000 deliveries × 50 options (7.25 MB) left
 * 42–50 MB live above idle and peaked ~100 MB above it garbage included; they cost 59 MB here, so
 * two run at once.
 */
const HEAP_PER_LIST_BYTE = 6;
const HEAP_PER_LIST = 16 * 1024 * 1024;
export const costOfListBody = (bytes: number) => bytes * HEAP_PER_LIST_BYTE + HEAP_PER_LIST;

/**
 * An uploaded statement (issue 32): its text twice (the body, the parsed field), its lines, and the
 * deliveries they name, all held while its outcomes are applied: a 6 MB file of 100,000 lines peaked
 * at 138 MB of heap above idle (measured in process with --max-old-space-size=256), so about 20 times
 * the file, and the largest file runs alone.
 */
const HEAP_PER_STATEMENT_BYTE = 20;
export const costOfStatement = (bytes: number) => bytes * HEAP_PER_STATEMENT_BYTE + HEAP_PER_LIST;

/**
 * Runs `work` once its cost fits in the budget; throws ServerBusy when its turn does not come within
 * `waitMs` (a request's ADMISSION_WAIT_MS; a worker's may differ).
 */
export function admitHeavyWork<T>(
  cost: number,
  work: () => Promise<T>,
  waitMs = ADMISSION_WAIT_MS,
): Promise<T> {
  return budget().run(cost, work, waitMs);
}

/** What the budget holds now, for health and metrics. */
export function heavyWorkLoad() {
  const { inUse, running, waiting, size } = budget();
  return { inUse, running, waiting: waiting.length, size };
}
