/**
 * Next calls register() once when a server starts. Under `npm run dev` it starts the background
 * workers (webhooks, translations) in the dev server; in production server/index.ts starts them.
 */
export async function register(): Promise<void> {
  // Next inlines NEXT_RUNTIME per bundle: the workers need Node, never the edge runtime.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startDevelopmentWorkers } = await import("./lib/jobs/workers");
  startDevelopmentWorkers();
}
