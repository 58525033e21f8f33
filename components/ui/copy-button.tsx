"use client";
/**
 * Copies a value shown once (an API key, a webhook secret, an invitation link) to the clipboard and
 * says whether it worked; when the browser refuses, `failed` tells the reader to copy it by hand.
 */
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

export function CopyButton({
  text,
  label,
  failed,
  className,
}: {
  text: string;
  label: string;
  failed: string;
  className?: string;
}) {
  const t = useTranslations("ui");
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => toast.success(t("copied")),
          () => toast.error(failed),
        )
      }
    >
      {label}
    </Button>
  );
}
