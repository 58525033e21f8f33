/** The console's providers pages: create an organisation, regenerate its API key (its owner: forms/users.ts). */
import { z } from "zod";
import { recordId } from "../ids";

export const newProviderSchema = z.object({
  name: z.string().trim().min(1, "Enter the organisation's name").max(200, "at most 200 characters"),
});

export const regenerateKeySchema = z.object({ providerId: recordId });
