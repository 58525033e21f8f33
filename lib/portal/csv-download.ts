/** A CSV export as the browser downloads it: streamed row batch by row batch, never held whole. */

/** `rows` (CSV text, a batch at a time) as an attachment named `<name>-<today>.csv`. */
export function csvDownload(rows: AsyncGenerator<string, unknown, unknown>, name: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
