/** What both pages of a provider's channel start with (the segment is the provider's own id). */
import { notFound } from "next/navigation";
import { requireProviderUser } from "@/lib/auth/session";
import { providerChannelDetail } from "@/lib/domain/channels";

/** The signed-in provider's channel the route names, or the not-found page. */
export async function channelDetailOrNotFound(params: Promise<{ providerDeliveryChannelId: string }>) {
  const user = await requireProviderUser();
  const id = decodeURIComponent((await params).providerDeliveryChannelId);
  const detail = await providerChannelDetail(user.actor, id).catch(() => null);
  if (!detail) notFound();
  return { id, detail, user };
}
