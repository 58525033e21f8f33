"use server";
/** Platform API tokens: every platform user issues and revokes their own; administrators anyone's. */
import { newPlatformTokenSchema, revokePlatformTokenSchema } from "@/lib/contract/forms/platform-token-forms";
import { issuePlatformToken, revokePlatformToken } from "@/lib/domain/keys";
import { defineAction } from "@/lib/portal/define-action";

export const issueTokenAction = defineAction({
  role: "admin",
  permission: "tokens.own",
  input: newPlatformTokenSchema,
  run: async (input, user) => {
    const { token, record } = await issuePlatformToken(user.actor, input);
    return { token, prefix: record.prefix };
  },
  revalidate: "/admin/tokens",
});

export const revokeTokenAction = defineAction({
  role: "admin",
  permission: "tokens.own",
  input: revokePlatformTokenSchema,
  run: async ({ tokenId }, user) => {
    await revokePlatformToken(user.actor, tokenId);
  },
  revalidate: "/admin/tokens",
});
