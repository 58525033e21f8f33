"use client";
/**
 * Lookup values for the form's controls, fetched once per session through react-query. The loader
 * is a server action the provider layout hands down (LookupsProvider), so components need not
 * import from app/.
 */
import { useQuery } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Option } from "@/components/ui/multi-select";
import type { LookupItem, LookupKey } from "@/lib/contract/lookup-schema";
import type { Action } from "@/lib/portal/action-result";

const LoaderContext = createContext<Action<LookupItem[]> | null>(null);

export function LookupsProvider({ load, children }: { load: Action<LookupItem[]>; children: ReactNode }) {
  return <LoaderContext value={load}>{children}</LoaderContext>;
}

export function useLookup(key: LookupKey): { options: Option[]; loading: boolean; failed: boolean } {
  const load = useContext(LoaderContext);
  // The loader names the values in the page's language: another language is another query.
  const locale = useLocale();
  const query = useQuery({
    queryKey: ["lookup", key, locale],
    queryFn: async () => {
      if (!load) throw new Error("No LookupsProvider above the form.");
      const result = await load({ key });
      if (!result.ok) throw new Error(result.error);
      return result.data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  // "NULL" is the contract's placeholder value, not a choice a person makes. The order stays the
  // contract's (by code, or most used first), not the names', so it needs no re-sorting per language.
  const options = useMemo(
    () =>
      (query.data ?? [])
        .filter((item) => item.lookUp !== "NULL")
        .map((item) => ({ value: item.lookUp, translation: item.translation })),
    [query.data],
  );
  return { options, loading: query.isPending, failed: query.isError };
}
