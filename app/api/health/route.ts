import { health } from "@/lib/api/health";
import { toResponse } from "@/lib/api/next";

export const dynamic = "force-dynamic";

export async function GET() {
  return toResponse(await health());
}
