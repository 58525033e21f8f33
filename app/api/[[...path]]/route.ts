// Every path under /api that Next does not route elsewhere (auth, openapi.json): the operation table
// (lib/api/operations) served by path, as the production fast path serves it; anything else is a 404
// in the contract's envelope rather than Next's HTML page.
import { apiRouteHandlers } from "@/lib/api/next";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = apiRouteHandlers();
