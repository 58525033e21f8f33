import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { fromChannelContent } from "@/components/channel-form/form-values";
import { PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { providerChannelDetail } from "@/lib/domain/portal-channels";
import { updateChannelAction } from "../../actions";

export const metadata: Metadata = { title: "Edit channel" };

export default async function EditChannelPage({ params }: { params: Promise<{ channelId: string }> }) {
  const user = await requireProviderUser();
  const id = decodeURIComponent((await params).channelId);
  const detail = await providerChannelDetail(user.providerId, id).catch(() => null);
  if (!detail) notFound();
  // The newest requested content: editing continues from what was last asked for.
  const values = fromChannelContent({ ...detail.requested, budget: detail.requested.budget ?? undefined });
  return (
    <>
      <PageHeader
        title={`Edit ${detail.requested.name.translation || id}`}
        description="The whole content is sent as an update request; it replaces the channel's content once approved."
      />
      <ChannelForm mode="edit" initialValues={values} action={updateChannelAction} />
    </>
  );
}
