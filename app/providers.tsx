"use client";
/**
 * Browser-wide context: the react-query cache (lookups are fetched once per session), toasts, and
 * zod's messages in the page's language.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { useZodLocale } from "@/components/i18n/zod-locale";

export function Providers({ children }: { children: ReactNode }) {
  useZodLocale();
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* At the top right toasts covered the account menu (name, Sign out), at the bottom right a
          form's sticky submit button. On phones they span the width: lifted above that bar. */}
      <Toaster position="bottom-left" mobileOffset={{ bottom: 80 }} closeButton />
    </QueryClientProvider>
  );
}
