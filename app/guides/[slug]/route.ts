// GET /guides/<slug>: one guide of docs/, only if the docs index lists it (lib/guides).
import { guideResponse } from "@/lib/guides/response";

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return guideResponse((await params).slug);
}
