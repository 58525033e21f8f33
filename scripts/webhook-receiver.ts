/**
 * `npm run webhook:receiver -- [--port 4000] [--secret <hmac secret>]`: listens for callbacks,
 * verifies them (x-signature and Standard Webhooks, when a secret is given) and prints each as one
 * JSON line. Subscribe with callbackUrl http://<this host>:<port>/ to watch your events arrive.
 * See scripts/webhook-receiver/receiver.ts for the verification code to copy into your receiver.
 */
import { parseArgs } from "node:util";
import { startWebhookReceiver } from "./webhook-receiver/receiver";

const { values } = parseArgs({
  options: { port: { type: "string", default: "4000" }, secret: { type: "string" } },
});
const receiver = await startWebhookReceiver({
  port: Number(values.port),
  secret: values.secret,
  onCallback: (callback) => {
    let event: unknown = callback.rawBody;
    try {
      event = JSON.parse(callback.rawBody);
    } catch {}
    console.log(
      JSON.stringify({
        webhookId: callback.webhookId,
        eventType: callback.eventType ?? "payload matches no published schema",
        headersValid: callback.headersValid,
        verified: callback.verified ?? "no secret given",
        event,
      }),
    );
    return undefined;
  },
});
console.error(
  `Listening for callbacks on ${receiver.url}/ ${values.secret ? "(verifying signatures)" : "(no secret: not verifying)"}`,
);
