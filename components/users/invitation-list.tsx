/** Invitations not yet accepted or revoked, each with a revoke button; an expired one says so. */
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Badge } from "@/components/ui/page";
import type { UserRole } from "@/lib/contract/roles";
import { useFormat } from "@/lib/i18n/use-format";
import type { Action } from "@/lib/portal/action-result";

export interface OpenInvitation {
  id: string;
  email: string;
  roles: UserRole[];
  expiresAt: Date;
  state: "pending" | "accepted" | "expired" | "revoked";
}

export function InvitationList({ invitations, revoke }: { invitations: OpenInvitation[]; revoke: Action }) {
  const t = useTranslations("users");
  const { dateTime } = useFormat();
  if (invitations.length === 0) return <p className="text-sm text-slate-600">{t("invitations.none")}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {invitations.map(({ id, email, roles, state, expiresAt }) => (
        <li key={id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <div className="font-medium break-all text-slate-900">{email}</div>
            <div className="text-xs text-slate-600">
              {roles.map((role) => t(`role.${role}`)).join(", ")} ·{" "}
              {state === "expired" ? (
                <Badge tone="amber">{t("invitations.expired")}</Badge>
              ) : (
                t("invitations.expires", { date: dateTime(expiresAt) })
              )}
            </div>
          </div>
          <ConfirmAction
            action={revoke}
            input={{ invitationId: id }}
            options={{ success: t("invitations.revoked", { email }) }}
            label={t("invitations.revoke")}
            ariaLabel={t("invitations.revokeAria", { email })}
            title={t("invitations.revokeTitle")}
            confirmLabel={t("invitations.revoke")}
          >
            {t("invitations.revokeBody", { email })}
          </ConfirmAction>
        </li>
      ))}
    </ul>
  );
}
