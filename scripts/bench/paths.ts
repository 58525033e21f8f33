/** Where the benches keep their database, logs and results (shared by npm run bench and bench:scale). */
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BENCH_DIR = path.join(ROOT, "data", "bench");
export const ARTIFACTS = path.join(ROOT, "artifacts");
const DB_FILE = path.join(BENCH_DIR, "bench.db");
export const DATABASE_URL = `file:./${path.relative(ROOT, DB_FILE)}`;
export const PROFILE_CONTROL = path.join(BENCH_DIR, "profile-control");
export const PROFILE_DIR = path.join(ARTIFACTS, "cpu-prof");
