/** On every portal page while an active key expires within a week: which keys, and what to do. */
import Link from "next/link";
import { formatDateTime } from "@/lib/format";

export function KeyExpiryBanner({
  keys,
}: {
  keys: { id: string; name: string; prefix: string; expiresAt: Date | null }[];
}) {
  if (keys.length === 0) return null;
  return (
    <section
      aria-label="API keys expiring soon"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p className="font-medium">
        {keys.length === 1 ? "An API key expires" : `${keys.length} API keys expire`} within 7 days. Roll
        {keys.length === 1 ? " it" : " them"} and move your integration to the new key before then.
      </p>
      <ul className="mt-2 space-y-1">
        {keys.map((key) => (
          <li key={key.id}>
            <Link className="underline" href={`/keys/${key.id}`}>
              {`${key.name} (${key.prefix}…)`}
            </Link>{" "}
            expires {key.expiresAt ? formatDateTime(key.expiresAt) : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
