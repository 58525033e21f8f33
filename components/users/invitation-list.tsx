/** Invitations not yet accepted or revoked, each with a revoke button; an expired one says so. */
import { ConfirmAction } from "@/components/ui/confirm-action";
import { Badge } from "@/components/ui/page";
import { ROLE_LABELS, type UserRole } from "@/lib/contract/roles";
import { formatDateTime } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";

export interface OpenInvitation {
  id: string;
  email: string;
  roles: UserRole[];
  expiresAt: Date;
  state: "pending" | "accepted" | "expired" | "revoked";
}

export function InvitationList({ invitations, revoke }: { invitations: OpenInvitation[]; revoke: Action }) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No open invitations.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <div className="min-w-0">
            <div className="font-medium break-all text-slate-900">{invitation.email}</div>
            <div className="text-xs text-slate-600">
              {invitation.roles.map((role) => ROLE_LABELS[role]).join(", ")} ·{" "}
              {invitation.state === "expired" ? (
                <Badge tone="amber">Expired</Badge>
              ) : (
                `expires ${formatDateTime(invitation.expiresAt)}`
              )}
            </div>
          </div>
          <ConfirmAction
            action={revoke}
            input={{ invitationId: invitation.id }}
            options={{ success: `The invitation of ${invitation.email} is revoked.` }}
            label="Revoke"
            ariaLabel={`Revoke the invitation of ${invitation.email}`}
            title="Revoke the invitation?"
            confirmLabel="Revoke"
          >
            The link stops working at once. You can invite {invitation.email} again later.
          </ConfirmAction>
        </li>
      ))}
    </ul>
  );
}
