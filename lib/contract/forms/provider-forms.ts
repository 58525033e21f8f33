/** The console's providers pages: create an organisation, regenerate its API key (its owner: forms/users.ts). */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

export const newProviderSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, say("enterOrganisationsName"))
    .max(200, say("atMostCharacters", { max: 200 })),
});

export const regenerateKeySchema = z.object({ providerId: recordId });
