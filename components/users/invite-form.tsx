"use client";
/**
 * Inviting a user: the console's (platform roles), the team page's (the organisation's roles) and
 * the provider page's (the organisation's owner, no choice of role). The link is shown once.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import {
  inviteOwnerSchema,
  invitePlatformUserSchema,
  inviteTeamMemberSchema,
} from "@/lib/contract/forms/user-forms";
import { PLATFORM_ROLES, PROVIDER_ROLES } from "@/lib/contract/roles";
import type { Action } from "@/lib/portal/action-result";
import { InvitationLink } from "./invitation-link";
import { RoleCheckboxes } from "./role-checkboxes";

type Invited = { email: string; link: string | null };

/** The success toast: with a link, the inviter passes it on; without, it went by mail. */
function useInvitedMessage() {
  const t = useTranslations("users.invite");
  return ({ email, link }: Invited) => (link ? t("invited", { email }) : t("invitedByMail", { email }));
}

export function InviteForm({ scope, invite }: { scope: "platform" | "provider"; invite: Action<Invited> }) {
  const t = useTranslations("users.invite");
  const schema = scope === "platform" ? invitePlatformUserSchema : inviteTeamMemberSchema;
  const { form, errors, created, pending, submit } = useActionForm(
    schema,
    { email: "", name: "", roles: [] },
    invite,
    useInvitedMessage(),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label={t("email")}
          type="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextInput label={t("name")} error={errors.name?.message} {...form.register("name")} />
      </div>
      <RoleCheckboxes
        legend={t("roles")}
        roles={scope === "platform" ? PLATFORM_ROLES : PROVIDER_ROLES}
        register={form.register("roles")}
        error={errors.roles?.message}
      />
      <Button type="submit" pending={pending}>
        {t("submit")}
      </Button>
      {created?.link && <InvitationLink email={created.email} link={created.link} />}
    </form>
  );
}

export function InviteOwnerForm({ providerId, invite }: { providerId: string; invite: Action<Invited> }) {
  const t = useTranslations("users.invite");
  const { form, errors, created, pending, submit } = useActionForm(
    inviteOwnerSchema,
    { providerId, email: "", name: "" },
    invite,
    useInvitedMessage(),
  );
  return (
    <form noValidate onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label={t("ownerEmail")}
          type="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextInput label={t("name")} error={errors.name?.message} {...form.register("name")} />
      </div>
      <Button type="submit" className="mt-3" pending={pending}>
        {t("submitOwner")}
      </Button>
      {created?.link && <InvitationLink email={created.email} link={created.link} />}
    </form>
  );
}
