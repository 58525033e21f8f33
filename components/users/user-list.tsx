/**
 * The users of the platform or of an organisation: name, email, roles and state, with each one's
 * controls when the viewer manages them. Stacks on a phone (390 px): the email hides under the name.
 */
import { Badge } from "@/components/ui/page";
import { cellClass, DataTable } from "@/components/ui/table";
import { ROLE_LABELS, type UserRole } from "@/lib/contract/roles";
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
  const columns = [
    { label: "User" },
    { label: "Roles" },
    { label: "State", hideBelow: "sm" as const },
    ...(actions ? [{ label: "Actions", srOnly: true }] : []),
  ];
  return (
    <DataTable caption={caption} columns={columns}>
      {users.map((user) => (
        <tr key={user.id} data-testid="user-row">
          <td className={cellClass(undefined, "align-top")}>
            <div className="font-medium text-slate-900">
              {user.name}
              {user.id === selfId && <span className="text-slate-500"> (you)</span>}
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
                  {ROLE_LABELS[role]}
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
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="red">Deactivated</Badge>;
}
