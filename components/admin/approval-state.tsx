/** A delivery request's or refund's approval state, as the console's pages show it. */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";

const TONES = {
  PENDING_APPROVAL: "amber",
  REJECTED: "red",
  EXPIRED: "red",
  SENT: "green",
  REQUESTED: "green",
} as const;

const isKnown = (state: string): state is keyof typeof TONES => Object.hasOwn(TONES, state);

export function ApprovalStateBadge({ state }: { state: string }) {
  const t = useTranslations("review.approvalState");
  // A state this badge does not know yet shows its code rather than nothing.
  if (!isKnown(state)) return <Badge tone="amber">{state}</Badge>;
  return <Badge tone={TONES[state]}>{t(state)}</Badge>;
}
