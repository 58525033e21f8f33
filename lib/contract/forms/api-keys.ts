/** The API keys page: issue a key with an optional label, revoke one. */
import { z } from "zod";
import { recordId } from "../ids";

export const newApiKeySchema = z.object({
  label: z.string().trim().max(100, "must be at most 100 characters"),
});

export const revokeApiKeySchema = z.object({ apiKeyId: recordId });
