import { syncDeliveriesEndpoint } from "@/lib/api/endpoints";
import { routeHandlers } from "@/lib/api/next";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = routeHandlers(syncDeliveriesEndpoint);
