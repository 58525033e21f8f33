/**
 * Preloaded into the Prisma CLI that `applyMigrations` runs (server/migrate.ts). On PostgreSQL its
 * schema engine starts a 10-second timer that nothing clears (the advisory lock's timeout, from the
 * WebAssembly engine), so every `migrate deploy` stayed alive 10 s after its work: 12 s per server
 * start and per test database instead of 1–2. A timer that long only guards against a hang; the
 * work it guards keeps the process alive by its own sockets, so such timers need not.
 */
const setTimeoutOfNode = global.setTimeout;
global.setTimeout = function setTimeoutNotHoldingExit(callback, ms, ...args) {
  const timer = setTimeoutOfNode.call(this, callback, ms, ...args);
  if (ms >= 5000) timer.unref();
  return timer;
};
