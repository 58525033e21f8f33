// Any other path under /api: a 404 in the contract's envelope rather than Next's HTML page.
import { failure } from "@/lib/api/endpoint";
import { notFound } from "@/lib/api/errors";
import { toResponse } from "@/lib/api/next";

const answer = (request: Request) =>
  toResponse(
    failure(notFound(`No API operation at ${new URL(request.url).pathname}.`), {
      method: request.method,
      path: new URL(request.url).pathname,
    }),
  );

export { answer as GET, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
