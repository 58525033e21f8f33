"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/auth/client";

export function SignOutButton() {
  const t = useTranslations("shell");
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      pending={pending}
      onClick={async () => {
        setPending(true);
        const { error } = await authClient.signOut();
        setPending(false);
        if (error) return void toast.error(t("signOutFailed"));
        router.replace("/sign-in");
        router.refresh();
      }}
    >
      {t("signOut")}
    </Button>
  );
}
