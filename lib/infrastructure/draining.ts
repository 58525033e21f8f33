/**
 * Whether this process is draining: from SIGTERM on, readiness (GET /api/health/ready) answers 503,
 * so a load balancer stops sending it requests before it stops accepting them (server/index.ts).
 * On globalThis: the API fast path and Next's bundle each load their own copy of a module.
 */
const shared = globalThis as unknown as { portalDraining?: boolean };

export function markDraining(): void {
  shared.portalDraining = true;
}

export const isDraining = (): boolean => shared.portalDraining === true;
