"use client";
/** One user's controls for whoever manages them: change roles, deactivate or reactivate. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { platformRolesSchema, teamRolesSchema } from "@/lib/contract/forms/user-forms";
import { PLATFORM_ROLES, PROVIDER_ROLES, type UserRole } from "@/lib/contract/roles";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";
import { RoleCheckboxes } from "./role-checkboxes";

export interface UserActions {
  changeRoles: Action;
  deactivate: Action;
  reactivate: Action;
}

type RolesInput = { userId: string; roles: UserRole[] };

export interface ManagedUser {
  id: string;
  name: string;
  /** The roles of the page's scope. */
  roles: UserRole[];
  active: boolean;
}

export function UserControls({
  scope,
  user,
  actions,
}: {
  scope: "platform" | "provider";
  user: ManagedUser;
  actions: UserActions;
}) {
  const t = useTranslations("users.controls");
  const name = user.name;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {user.active && <RolesEditor scope={scope} user={user} changeRoles={actions.changeRoles} />}
      {user.active ? (
        <ConfirmAction
          action={actions.deactivate}
          input={{ userId: user.id }}
          options={{ success: t("deactivated", { name }) }}
          label={t("deactivate")}
          ariaLabel={t("deactivateAria", { name })}
          title={t("deactivateTitle", { name })}
          confirmLabel={t("deactivate")}
        >
          {t("deactivateBody")}
        </ConfirmAction>
      ) : (
        <ConfirmAction
          action={actions.reactivate}
          input={{ userId: user.id }}
          options={{ success: t("reactivated", { name }) }}
          label={t("reactivate")}
          ariaLabel={t("reactivateAria", { name })}
          title={t("reactivateTitle", { name })}
          confirmLabel={t("reactivate")}
          tone="primary"
        >
          {t("reactivateBody")}
        </ConfirmAction>
      )}
    </div>
  );
}

function RolesEditor({
  scope,
  user,
  changeRoles,
}: {
  scope: "platform" | "provider";
  user: ManagedUser;
  changeRoles: Action;
}) {
  const t = useTranslations("users.controls");
  const name = user.name;
  const schema = scope === "platform" ? platformRolesSchema : teamRolesSchema;
  // One form for either scope's schema: both are { userId, roles }.
  const form = useForm<RolesInput>({
    resolver: zodResolver(schema) as unknown as Resolver<RolesInput>,
    defaultValues: { userId: user.id, roles: user.roles },
  });
  const { pending, run } = useAction(changeRoles, { form, success: t("rolesSaved", { name }) });
  return (
    <details className="rounded-md border border-slate-200 px-3 py-1.5 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">
        {t.rich("rolesSummary", { name, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
      </summary>
      <form noValidate onSubmit={form.handleSubmit(run)} className="mt-2 space-y-3 pb-2">
        <RoleCheckboxes
          legend={t("rolesOf", { name })}
          roles={scope === "platform" ? PLATFORM_ROLES : PROVIDER_ROLES}
          register={form.register("roles")}
          error={form.formState.errors.roles?.message}
        />
        <Button type="submit" pending={pending}>
          {t("saveRoles")}
        </Button>
      </form>
    </details>
  );
}
