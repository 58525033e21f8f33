/**
 * The users of the platform or of an organisation: name, email, roles and state, with each one's
 * controls when the viewer manages them. Stacks on a phone (390 px): the email hides under the name.
 */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";
import { cellClass, DataTable } from "@/components/ui/table";
import type { UserRole } from "@/lib/contract/roles";
import { type UserActions, UserControls } from "./user-controls";

export interface ListedUser {
  id: string;
  name: string;
  email: string;
  roles: UserRole[];
  deactivatedAt: Date | null;
}

export function UserList({
  caption,
  users,
  scopeRoles,
  scope,
  actions,
  selfId,
}: {
  caption: string;
  users: ListedUser[];
  /** Which roles the page manages (the others a user holds are shown, not edited). */
  scopeRoles: readonly UserRole[];
  scope: "platform" | "provider";
  /** Absent: the list is read-only. */
  actions?: UserActions;
  selfId: string;
}) {
  const t = useTranslations("users");
  const columns = [
    { label: t("list.user") },
    { label: t("list.roles") },
    { label: t("list.state"), hideBelow: "sm" as const },
    ...(actions ? [{ label: t("list.actions"), srOnly: true }] : []),
  ];
  return (
    <DataTable caption={caption} columns={columns}>
      {users.map((user) => (
        <tr key={user.id} data-testid="user-row">
          <td className={cellClass(undefined, "align-top")}>
            <div className="font-medium text-slate-900">
              {user.name}
              {user.id === selfId && <span className="text-slate-500"> {t("list.you")}</span>}
            </div>
            <div className="text-xs break-all text-slate-600">{user.email}</div>
            <div className="mt-1 sm:hidden">
              <StateBadge active={!user.deactivatedAt} />
            </div>
          </td>
          <td className={cellClass(undefined, "align-top")}>
            <div className="flex flex-wrap gap-1">
              {user.roles.map((role) => (
                <Badge key={role} tone={scopeRoles.includes(role) ? "blue" : "slate"}>
                  {t(`role.${role}`)}
                </Badge>
              ))}
            </div>
          </td>
          <td className={cellClass("sm", "align-top")}>
            <StateBadge active={!user.deactivatedAt} />
          </td>
          {actions && (
            <td className={cellClass(undefined, "align-top")}>
              <UserControls
                scope={scope}
                actions={actions}
                user={{
                  id: user.id,
                  name: user.name,
                  roles: user.roles.filter((role) => scopeRoles.includes(role)),
                  active: !user.deactivatedAt,
                }}
              />
            </td>
          )}
        </tr>
      ))}
    </DataTable>
  );
}

function StateBadge({ active }: { active: boolean }) {
  const t = useTranslations("users");
  return active ? (
    <Badge tone="green">{t("list.active")}</Badge>
  ) : (
    <Badge tone="red">{t("list.deactivated")}</Badge>
  );
}
