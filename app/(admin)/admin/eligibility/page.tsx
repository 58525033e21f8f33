import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { lookupName, namedOptions } from "@/components/channel-form/lookup-names";
import { HelpLink } from "@/components/help-link";
import { buttonClass } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { LookupFilter } from "@/components/ui/lookup-filter";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { Pager, stringParams } from "@/components/ui/pager";
import { ProviderText } from "@/components/ui/provider-text";
import { requirePlatformUser } from "@/lib/auth/session";
import { CURRENCIES } from "@/lib/contract/enums";
import type { LookupKey } from "@/lib/contract/lookup-schema";
import { eligibleChannels, LOOKUPS, namesInViewersLanguage } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminChannels.eligibility");
  return { title: t("title") };
}

const KEYS = ["category", "country", "nationality", "kyc", "currency"] as const;

// The channel form's Country lookup, so a country is found by its name as well as its code, the
// name in the reader's language as the form shows it.
const countryOptions = (locale: string) =>
  LOOKUPS.Country.map((item) => ({
    value: item.lookUp,
    translation: lookupName(locale, "Country", item.lookUp, item.translation),
  }));

export default async function EligibilityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("adminChannels.eligibility");
  const locale = await getLocale();
  const query = await searchParams;
  const params = stringParams(query, KEYS);
  const results = params.category
    ? await eligibleChannels(
        user.actor,
        { ...params, category: params.category, country: params.country?.toUpperCase() },
        pageQuery(query),
      )
    : null;
  const shownName = await namesInViewersLanguage(
    (results?.items ?? []).map((channel) => ({ id: channel.id, name: channel.content.name.translation })),
    locale,
  );
  const catalog = await getTranslations("lookups");
  const select = (
    name: (typeof KEYS)[number],
    label: string,
    options: ReadonlyArray<string | readonly [string, string]>,
    empty: string,
  ) => <FilterSelect name={name} label={label} value={params[name]} emptyLabel={empty} options={options} />;
  const named = (key: LookupKey) => namedOptions(locale, key, LOOKUPS[key], catalog);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.eligibility" />}
        title={t("heading")}
        description={t("description")}
      />
      <form method="get" action="/admin/eligibility" className="mb-6 flex flex-wrap items-end gap-3">
        {select("category", t("category"), named("DeliveryChannelCategory"), t("choose"))}
        <LookupFilter
          name="country"
          label={t("country")}
          options={countryOptions(locale)}
          value={params.country?.toUpperCase()}
        />
        {select("nationality", t("nationality"), named("Nationality"), t("any"))}
        {select("kyc", t("kyc"), named("Kyc"), t("any"))}
        {select(
          "currency",
          t("currency"),
          CURRENCIES.filter((code) => code !== "NULL"),
          t("any"),
        )}
        <button type="submit" className={buttonClass()}>
          {t("find")}
        </button>
      </form>
      {results === null ? (
        <EmptyState title={t("chooseCategory")} />
      ) : results.items.length === 0 ? (
        <EmptyState title={t("empty")} />
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {results.items.map((channel) => (
              <li key={channel.id} className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                <Link
                  href={`/admin/channels/${channel.id}`}
                  className="font-medium text-blue-800 hover:underline"
                >
                  <ProviderText>{shownName(channel.id, channel.content.name.translation)}</ProviderText>
                </Link>
                <span className="text-slate-600">
                  <ProviderText>{channel.provider.name}</ProviderText>
                </span>
              </li>
            ))}
          </ul>
          <Pager basePath="/admin/eligibility" params={params} paging={results} unit={t("unit")} />
        </>
      )}
    </>
  );
}
