import { NotFoundContent } from "@/components/shell/not-found-content";

/** An address nothing answers, outside the portals' frames. */
export default function NotFound() {
  return <NotFoundContent framed={false} />;
}
