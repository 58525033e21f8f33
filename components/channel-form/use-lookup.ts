"use client";
/** Lookup values for the form's controls, fetched once per session through react-query. */
import { useQuery } from "@tanstack/react-query";
import { lookupValuesAction } from "@/app/(provider)/channels/actions";
import type { LookupKey } from "@/lib/contract/lookups";
import type { Option } from "@/components/ui/multi-select";

export function useLookup(key: LookupKey): { options: Option[]; loading: boolean; failed: boolean } {
  const query = useQuery({
    queryKey: ["lookup", key],
    queryFn: () => lookupValuesAction(key),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // "NULL" is the contract's placeholder value, not a choice a person makes.
  const options = (query.data ?? [])
    .filter((item) => item.lookUp !== "NULL")
    .map((item) => ({ value: item.lookUp, translation: item.translation }));
  return { options, loading: query.isPending, failed: query.isError };
}
