/**
 * The providers module's public face: `@/lib/domain/providers`, the organisations that register
 * channels and are paid through them.
 *
 * - create-provider.ts: a new provider, with its audit entry
 * - providers-overview.ts: the console's provider filter, providers page and provider page
 * - provider-name.ts: a provider's name, as the portals show it
 */

export { createProvider } from "./create-provider";
export { providerName } from "./provider-name";
export {
  PROVIDERS_PAGE_SIZE,
  providerChoices,
  providerForAdmin,
  providersOverview,
} from "./providers-overview";
