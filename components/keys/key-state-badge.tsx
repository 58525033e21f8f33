/** A key's state at a glance: active, expiring soon (with when), expired, revoked. */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";
import type { KeyState } from "@/lib/domain/keys";
import { useFormat } from "@/lib/i18n/use-format";

export function KeyStateBadge({ state, expiresAt }: { state: KeyState; expiresAt: Date | null }) {
  const t = useTranslations("keys.state");
  const format = useFormat();
  if (state === "revoked") return <Badge tone="red">{t("revoked")}</Badge>;
  if (state === "expired") return <Badge tone="red">{t("expired")}</Badge>;
  if (state === "expiring" && expiresAt)
    return <Badge tone="amber">{t("expiresSoon", { date: format.dateTime(expiresAt) })}</Badge>;
  return <Badge tone="green">{t("active")}</Badge>;
}
