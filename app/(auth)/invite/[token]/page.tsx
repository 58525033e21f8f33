import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AuthFrame } from "@/components/auth/auth-frame";
import { AcceptInvitationForm } from "@/components/users/accept-invitation-form";
import { INVITATION_DAYS, invitationForToken } from "@/lib/domain/users";
import { acceptInvitationAction } from "./accept-invitation-action";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.invite");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/**
 * An invitation's link, outside the portals' guards: the invitee sets a name and a password, then
 * is signed in. A link used, revoked, expired or never issued gets a page that says which.
 */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = token.length <= 200 ? await invitationForToken(token) : null;
  const t = await getTranslations("auth.invite");
  if (!invitation) return <AuthFrame title={t("notFoundTitle")}>{t("notFound")}</AuthFrame>;
  if (invitation.state !== "pending") {
    // The page's own words for lib/domain/users/invitations.ts's INVITATION_UNUSABLE (the API's stay English).
    return (
      <AuthFrame title={t("unusableTitle")}>
        {t(`unusable.${invitation.state}`, { days: INVITATION_DAYS })}
      </AuthFrame>
    );
  }
  const users = await getTranslations("users");
  const roles = invitation.roles.map((role) => users(`role.${role}`)).join(", ");
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const { email, organisation } = invitation;
  return (
    <AuthFrame title={t("welcome")}>
      <p>
        {organisation
          ? t.rich("invitedTo", { email, organisation, roles, strong })
          : t.rich("invited", { email, roles, strong })}
      </p>
      <div className="mt-6">
        <AcceptInvitationForm
          token={token}
          email={email}
          name={invitation.name}
          accept={acceptInvitationAction}
        />
      </div>
    </AuthFrame>
  );
}
