import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ChannelForm } from "@/components/channel-form/channel-form";
import { fromChannelContent } from "@/components/channel-form/form-values";
import { PageHeader } from "@/components/ui/page";
import { can } from "@/lib/domain/permissions";
import { formatCount } from "@/lib/format";
import { updateChannelAction } from "../../actions";
import { channelDetailOrNotFound } from "../channel-detail";

export const metadata: Metadata = { title: "Edit channel" };

/**
 * Contacts and delivery options the form edits at most. Older stored channels may hold 100,000; the
 * form would carry every one to the browser, and the contract allows far fewer anyway.
 */
const FORM_MAX_ITEMS = 500;
const LISTS = { contacts: "contacts", deliveryOptions: "delivery options" } as const;

export default async function EditChannelPage({
  params,
}: {
  params: Promise<{ providerDeliveryChannelId: string }>;
}) {
  const { id, detail, user } = await channelDetailOrNotFound(params);
  // A role that may not change channels has no form to fill in.
  if (!can(user.actor, "provider.channels.edit")) notFound();
  const tooLong = (Object.keys(LISTS) as (keyof typeof LISTS)[]).find(
    (key) => (detail.requested[key]?.length ?? 0) > FORM_MAX_ITEMS,
  );
  if (tooLong) {
    return (
      <>
        <PageHeader title={`Edit ${detail.requested.name.translation || id}`} />
        <p role="alert" className="text-sm text-amber-900">
          This channel holds {formatCount(detail.requested[tooLong]?.length ?? 0)} {LISTS[tooLong]}, more than
          this form edits ({FORM_MAX_ITEMS}). Send its new content with the API&apos;s Update instead.
        </p>
      </>
    );
  }
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
