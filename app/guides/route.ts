// GET /guides: the docs index (docs/README.md), linking to each guide it lists (lib/guides).
import { guideResponse } from "@/lib/guides/response";

export function GET() {
  return guideResponse(null);
}
