import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { emptyChannelValues } from "@/components/channel-form/form-values";
import { PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { createChannelAction } from "../actions";

export const metadata: Metadata = { title: "New channel" };

export default async function NewChannelPage() {
  const user = await requireProviderUser();
  // A role that may not change channels has no form to fill in.
  if (!can(user.actor, "provider.channels.edit")) notFound();
  return (
    <>
      <PageHeader
        title="New delivery channel"
        description={
          user.mode === "test"
            ? "Test mode: your request is decided automatically within seconds (a name containing REJECT is rejected); the channel starts as REQUESTED."
            : "Your request is reviewed by a platform administrator; the channel starts as REQUESTED."
        }
      />
      <ChannelForm mode="create" initialValues={emptyChannelValues()} action={createChannelAction} />
    </>
  );
}
