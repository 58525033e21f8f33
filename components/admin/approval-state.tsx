/** A delivery request's or refund's approval state, as the console's pages show it. */
import { Badge } from "@/components/ui/page";

const LABELS: Record<string, { label: string; tone: "amber" | "red" | "green" }> = {
  PENDING_APPROVAL: { label: "Awaiting approval", tone: "amber" },
  REJECTED: { label: "Rejected", tone: "red" },
  EXPIRED: { label: "Expired", tone: "red" },
  SENT: { label: "Sent", tone: "green" },
  REQUESTED: { label: "Requested", tone: "green" },
};

export function ApprovalStateBadge({ state }: { state: string }) {
  const known = LABELS[state] ?? { label: state, tone: "amber" as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
