import { health } from "@/lib/api/health";
import { routeHandlers } from "@/lib/api/next";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(health);
