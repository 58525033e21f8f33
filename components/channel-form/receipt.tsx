/** What the provider sees once the request is made: its type, the channel id, links onward. */
import Link from "next/link";
import type { RequestReceipt } from "@/lib/contract/envelope";

export function Receipt({ receipt }: { receipt: RequestReceipt }) {
  const href = `/channels/${encodeURIComponent(receipt.providerDeliveryChannelId)}`;
  return (
    <section aria-labelledby="receipt-title" className="rounded-lg border border-green-300 bg-green-50 p-6">
      <h2 id="receipt-title" className="text-lg font-semibold text-green-900">
        Your request was created and awaits approval
      </h2>
      <dl className="mt-3 grid gap-1 text-sm text-green-900 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">Request</dt>
        <dd>{receipt.requestType}</dd>
        <dt className="font-medium">Channel id</dt>
        <dd className="font-mono break-all">{receipt.providerDeliveryChannelId}</dd>
        <dt className="font-medium">Requested</dt>
        <dd>{receipt.requestedDate}</dd>
      </dl>
      <div className="mt-4 flex gap-4 text-sm">
        <Link href={href} className="font-medium text-blue-800 underline">
          Open the channel
        </Link>
        <Link href="/channels" className="text-blue-800 underline">
          Back to the channels
        </Link>
      </div>
    </section>
  );
}
