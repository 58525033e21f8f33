import type { Metadata } from "next";
import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { LookupFilter } from "@/components/ui/lookup-filter";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { Pager, stringParams } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { CHANNEL_CATEGORIES, CURRENCIES, KYC_DOCUMENTS, NATIONALITIES } from "@/lib/contract/enums";
import { eligibleChannels } from "@/lib/domain/eligibility";
import { LOOKUPS } from "@/lib/domain/lookups";
import { pageQuery } from "@/lib/domain/paging";

export const metadata: Metadata = { title: "Eligibility" };

const KEYS = ["category", "country", "nationality", "kyc", "currency"] as const;

// The channel form's Country lookup, so a country is found by its name as well as its code.
const COUNTRY_OPTIONS = LOOKUPS.Country.map((item) => ({
  value: item.lookUp,
  translation: item.translation,
}));

export default async function EligibilityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const query = await searchParams;
  const params = stringParams(query, KEYS);
  const results = params.category
    ? await eligibleChannels(
        user.actor,
        { ...params, category: params.category, country: params.country?.toUpperCase() },
        pageQuery(query),
      )
    : null;
  const select = (name: (typeof KEYS)[number], label: string, values: readonly string[], empty: string) => (
    <FilterSelect
      name={name}
      label={label}
      value={params[name]}
      emptyLabel={empty}
      options={values.filter((v) => v !== "NULL")}
    />
  );
  return (
    <>
      <PageHeader
        title="Which channels can serve a beneficiary?"
        description="Approved, ONLINE channels that support the category and whose lists allow the beneficiary (empty lists do not restrict; excluded values always do)."
      />
      <form method="get" action="/admin/eligibility" className="mb-6 flex flex-wrap items-end gap-3">
        {select("category", "Category", CHANNEL_CATEGORIES, "Choose…")}
        <LookupFilter
          name="country"
          label="Country"
          options={COUNTRY_OPTIONS}
          value={params.country?.toUpperCase()}
        />
        {select("nationality", "Nationality", NATIONALITIES, "Any")}
        {select("kyc", "KYC document", KYC_DOCUMENTS, "Any")}
        {select("currency", "Currency", CURRENCIES, "Any")}
        <button type="submit" className={buttonClass()}>
          Find channels
        </button>
      </form>
      {results === null ? (
        <EmptyState title="Choose at least a category" />
      ) : results.items.length === 0 ? (
        <EmptyState title="No eligible channel" />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {results.items.map((channel) => (
              <li key={channel.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                <Link
                  href={`/admin/channels/${channel.id}`}
                  className="font-medium text-blue-800 hover:underline"
                >
                  {channel.content.name.translation}
                </Link>
                <span className="text-slate-600">{channel.provider.name}</span>
              </li>
            ))}
          </ul>
          <Pager basePath="/admin/eligibility" params={params} paging={results} unit="eligible channels" />
        </>
      )}
    </>
  );
}
