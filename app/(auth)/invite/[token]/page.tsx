import type { Metadata } from "next";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AcceptInvitationForm } from "@/components/users/accept-invitation-form";
import { ROLE_LABELS } from "@/lib/contract/roles";
import { INVITATION_UNUSABLE, invitationForToken } from "@/lib/domain/invitations";
import { acceptInvitationAction } from "./actions";

export const metadata: Metadata = { title: "Invitation" };
export const dynamic = "force-dynamic";

/**
 * An invitation's link, outside the portals' guards: the invitee sets a name and a password, then
 * is signed in. A link used, revoked, expired or never issued gets a page that says which.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = token.length <= 200 ? await invitationForToken(token) : null;
  if (!invitation) {
    return (
      <AuthFrame title="Invitation not found">
        This invitation link is not valid. Check that you copied all of it.
      </AuthFrame>
    );
  }
  if (invitation.state !== "pending") {
    return (
      <AuthFrame title="This invitation cannot be used">{INVITATION_UNUSABLE[invitation.state]}</AuthFrame>
    );
  }
  const roles = invitation.roles.map((role) => ROLE_LABELS[role]).join(", ");
  return (
    <AuthFrame title="Welcome to the Delivery Channel Portal">
      <p>
        You are invited as <strong>{invitation.email}</strong>
        {invitation.organisation ? ` to ${invitation.organisation}` : ""} ({roles}). Choose your name and a
        password to create your account.
      </p>
      <div className="mt-6">
        <AcceptInvitationForm
          token={token}
          email={invitation.email}
          name={invitation.name}
          accept={acceptInvitationAction}
        />
      </div>
    </AuthFrame>
  );
}
