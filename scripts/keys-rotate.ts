/**
 * `npm run keys:rotate`: after SECRET_ENCRYPTION_KEY changed (the old key in
 * SECRET_ENCRYPTION_KEY_PREVIOUS), wraps every beneficiary data key again under the new key and seals
 * what was stored in clear before sealing (lib/domain/beneficiary-data/rotate-keys.ts), and takes
 * older webhook events' deliveries out of the outbox (lib/domain/webhooks/request-sent-event.ts). Runs while the
 * service serves; safe to run again. docs/data-protection.md, "Rotating the service key".
 */
import { rotateServiceKey } from "../lib/domain/beneficiary-data";
import { moveLegacyRequestEvents } from "../lib/domain/webhooks";
import { formatCount } from "../lib/format";
import { runCli } from "./cli";

runCli("rotate the service key", async () => {
  const report = await rotateServiceKey((so) =>
    console.log(`… ${formatCount(so.rewrapped)} keys re-wrapped, ${formatCount(so.sealed)} values sealed`),
  );
  const events = await moveLegacyRequestEvents();
  console.log(`${formatCount(events)} older webhook events no longer hold their deliveries in clear.`);
  console.log(
    `Done: ${formatCount(report.rewrapped)} keys re-wrapped under the current key, ${formatCount(report.resealed)} secrets sealed again, ${formatCount(report.sealed)} values stored in clear sealed (deliveries' options and beneficiary ids, refund and rejection reasons).`,
  );
  console.log("Nothing is left under the previous key: it may leave SECRET_ENCRYPTION_KEY_PREVIOUS.");
});
