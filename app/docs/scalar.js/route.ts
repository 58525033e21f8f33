// GET /docs/scalar.js: the Scalar bundle for /docs, from node_modules (app/docs/scalar-bundle.ts).
// Its URL carries the package version (see app/docs/route.ts), so browsers may keep it for good.
// Not gzipped here: Next compresses responses itself and would encode a gzipped body a second time.
import { scalarBundle } from "../scalar-bundle";

export function GET() {
  return new Response(scalarBundle(), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
