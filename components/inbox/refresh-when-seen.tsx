"use client";
/**
 * Opening the inbox marked its notifications seen, but the navigation (drawn by the layout, which a
 * client-side navigation does not draw again) still shows the count it had: one refresh redraws it.
 * The refreshed page has nothing unread left, so it does not render this again.
 */
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function RefreshWhenSeen() {
  const router = useRouter();
  useEffect(() => {
    router.refresh();
  }, [router]);
  return null;
}
