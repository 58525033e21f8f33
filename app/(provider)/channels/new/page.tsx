import type { Metadata } from "next";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { emptyChannelValues } from "@/components/channel-form/form-values";
import { PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { createChannelAction } from "../actions";

export const metadata: Metadata = { title: "New channel" };

export default async function NewChannelPage() {
  await requireProviderUser();
  return (
    <>
      <PageHeader
        title="New delivery channel"
        description="Your request is reviewed by a platform administrator; the channel starts as REQUESTED."
      />
      <ChannelForm mode="create" initialValues={emptyChannelValues()} action={createChannelAction} />
    </>
  );
}
