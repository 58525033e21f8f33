/** The console's providers pages: create an organisation, a user of it, regenerate its API key. */
import { z } from "zod";
import { recordId } from "../ids";

export const newProviderSchema = z.object({
  name: z.string().trim().min(1, "Enter the organisation's name").max(200, "at most 200 characters"),
});

export const newProviderUserSchema = z.object({
  providerId: recordId,
  email: z.email("Enter a valid email address"),
  name: z.string().trim().max(200, "at most 200 characters"),
});

export const regenerateKeySchema = z.object({ providerId: recordId });
