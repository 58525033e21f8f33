/**
 * What a channel form's page shows a role that may not change channels (a viewer, by a link kept
 * from another role): why there is no form, and the way back, rather than "Page not found".
 */
import Link from "next/link";
import { PageHeader } from "@/components/ui/page";

export function NoFormForRole({
  title,
  why,
  back,
}: {
  title: string;
  why: string;
  back: { href: string; label: string };
}) {
  return (
    <>
      <PageHeader title={title} />
      <p role="alert" className="text-sm text-amber-900">
        {why}
      </p>
      <Link href={back.href} className="mt-4 inline-block text-sm text-blue-800 underline">
        {back.label}
      </Link>
    </>
  );
}
