/** What the bench sends: the lookups body, a realistic Create body, and a load per endpoint. */
import { randomUUID } from "node:crypto";
import { sampleChannel } from "../sample-channel";
import type { Load } from "./load";
import type { EndpointName } from "./options";

export const LOOKUPS_BODY = JSON.stringify({ data: "Currency" });

/** A realistic Create body (the scripts' sample channel); only the id changes between requests. */
export const channelBody = (providerDeliveryChannelId: string) =>
  JSON.stringify(sampleChannel(providerDeliveryChannelId));
const [BODY_HEAD, BODY_TAIL] = channelBody("@ID@").split("@ID@") as [string, string];

export const BASELINE_LOAD: Load = {
  method: "POST",
  path: "/",
  headers: { "content-type": "application/json" },
  body: LOOKUPS_BODY,
};

export function specs(apiKey: string, viewId: string): Record<EndpointName, Load> {
  const auth = { "x-api-key": apiKey };
  return {
    lookups: {
      method: "POST",
      path: "/api/ClientSetting/GetLookUpValues",
      headers: { "content-type": "application/json", ...auth },
      body: LOOKUPS_BODY,
    },
    view: { method: "GET", path: `/api/DeliveryChannel/Get/${viewId}`, headers: auth },
    create: {
      method: "POST",
      path: "/api/DeliveryChannel/Create",
      headers: { "content-type": "application/json", ...auth },
      body: () => BODY_HEAD + randomUUID() + BODY_TAIL,
    },
  };
}
