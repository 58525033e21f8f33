"use client";
/** A page that failed to render outside the portals (sign-in, the start page): see PageError. */
import { PageError } from "@/components/ui/page-error";

export default function AppError(props: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <main id="main">
      <PageError {...props} />
    </main>
  );
}
