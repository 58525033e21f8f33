import { NotFoundContent } from "@/components/shell/not-found-content";

/** A page of this portal that is not found (notFound()): inside the portal's frame, which holds <main>. */
export default function NotFound() {
  return <NotFoundContent framed />;
}
