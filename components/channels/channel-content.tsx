/**
 * A channel's content, readable: every field of the contract, lists as chips, delivery options as a
 * table. Provider text is rendered as text; the landing page becomes a link only for web addresses.
 * Every list is bounded on the page (components/ui/collapsed-list): stored channels may hold 100,000
 * entries.
 */
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CollapsedList, firstOf, MoreNote } from "@/components/ui/collapsed-list";
import { LeftToRight, ProviderText } from "@/components/ui/provider-text";
import { CaptionedTable } from "@/components/ui/table";
import type { ChannelView } from "@/lib/contract/channel";
import { budgetUnitOf, isWebAddress } from "@/lib/contract/channel";
import type { TranslatedField } from "@/lib/contract/forms/translation-forms";
import type { LookupKey } from "@/lib/contract/lookup-schema";
import { toMinor } from "@/lib/domain/money";
import { useFormat } from "@/lib/i18n/use-format";
import { AVAILABILITY_LOOKUPS, Named } from "./lookup-named";

type Content = Omit<ChannelView, "isApproved" | "status">;
type LanguageText = Content["name"];

export function safeHref(address: string | null | undefined): string | undefined {
  if (!address || !isWebAddress(address)) return undefined;
  const trimmed = address.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function ExternalLink({ address }: { address: string | null | undefined }) {
  const href = safeHref(address);
  if (!href) return address ? <LeftToRight>{address}</LeftToRight> : <>—</>;
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank" className="text-blue-800 underline">
      <LeftToRight>{address}</LeftToRight>
    </a>
  );
}

function Chips({ values, lookup }: { values: readonly string[] | null | undefined; lookup?: LookupKey }) {
  if (!values?.length) return <span className="text-slate-500">—</span>;
  return (
    <CollapsedList
      values={values}
      render={(groups) => (
        <ul className="flex flex-wrap gap-1">
          {groups.map((group) => (
            <li key={group.value} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
              <Named lookup={lookup} code={group.value} times={group.count} />
            </li>
          ))}
        </ul>
      )}
    />
  );
}

/** Contacts and delivery options shown at most; the contract allows far fewer. */
const MAX_ITEMS = 50;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

/**
 * A provider's text with its language code, and below it the reader's translation when there is one.
 * `dir="auto"`: a provider's text keeps its own direction inside a page of the other.
 */
function TextInLanguage({ text, translated }: { text: LanguageText; translated?: string }) {
  const locale = useLocale();
  return (
    <>
      <ProviderText lang={text.language.toLowerCase()}>{text.translation}</ProviderText>{" "}
      <LanguageNote code={text.language} />
      {translated && (
        <div lang={locale}>
          <ProviderText>{translated}</ProviderText> <LanguageNote code={locale.toUpperCase()} />
        </div>
      )}
    </>
  );
}

function LanguageNote({ code }: { code: string }) {
  return (
    <span className="text-xs text-slate-500">
      (<Named lookup="Language" code={code} />)
    </span>
  );
}

/**
 * The channel's budget in the one amount format (lib/format.ts), its unit named on hover. Without an
 * amount there is no channel budget, whatever unit was chosen: the program's applies (lib/domain/budgets/budgets.ts).
 */
function BudgetAmount({ budget }: { budget: Content["budget"] }) {
  const t = useTranslations("channels");
  const format = useFormat();
  const amount = budget?.amount;
  if (amount === null || amount === undefined) return <>{t("content.noBudget")}</>;
  const unit = budgetUnitOf(budget);
  if (!unit) return <>{t("content.budgetWithoutUnit", { amount: format.decimal(amount) })}</>;
  return <span data-amount>{format.amount(toMinor(amount), unit)}</span>;
}

/** `translated`: the name and short description in the reader's language, where translated. */
export function ChannelContent({
  content,
  translated = {},
}: {
  content: Content;
  translated?: Partial<Record<TranslatedField, string>>;
}) {
  const t = useTranslations("channels");
  const { callCenter, budget } = content;
  const contacts = firstOf(content.contacts, MAX_ITEMS);
  const options = firstOf(content.deliveryOptions, MAX_ITEMS);
  return (
    <dl className="divide-y divide-slate-100">
      <Row label={t("content.name")}>
        <TextInLanguage text={content.name} translated={translated.name} />
      </Row>
      <Row label={t("content.shortDescription")}>
        {content.shortDescription ? (
          <TextInLanguage text={content.shortDescription} translated={translated.shortDescription} />
        ) : (
          "—"
        )}
      </Row>
      <Row label={t("content.landingPage")}>
        <ExternalLink address={content.landingPage} />
      </Row>
      {AVAILABILITY_LOOKUPS.map(([key, lookup]) => (
        <Row key={key} label={t(`content.availability.${key}`)}>
          <Chips values={content.availability[key]} lookup={lookup} />
        </Row>
      ))}
      <Row label={t("content.budget")}>
        <BudgetAmount budget={budget} />
      </Row>
      <Row label={t("content.contacts")}>
        {contacts.shown.length ? (
          <>
            <ul className="space-y-1">
              {contacts.shown.map((contact, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: contacts may repeat; the list never reorders
                <li key={index}>
                  <ProviderText>{contact.name}</ProviderText> · <LeftToRight>{contact.email}</LeftToRight> ·{" "}
                  <LeftToRight>{contact.phone}</LeftToRight>
                </li>
              ))}
            </ul>
            <MoreNote more={contacts.more} noun={t("content.contactsNoun")} />
          </>
        ) : (
          "—"
        )}
      </Row>
      <Row label={t("content.callCenter")}>
        {callCenter ? (
          <div className="space-y-0.5">
            <div>
              {t("content.phone")} {callCenter.phone ? <LeftToRight>{callCenter.phone}</LeftToRight> : "—"}
            </div>
            <div>
              {t("content.email")} {callCenter.email ? <LeftToRight>{callCenter.email}</LeftToRight> : "—"}
            </div>
            <div>
              {t("content.website")} <ExternalLink address={callCenter.website} />
            </div>
            <div>
              {t("content.whatsapp")}{" "}
              {callCenter.whatsapp ? <LeftToRight>{callCenter.whatsapp}</LeftToRight> : "—"}
            </div>
          </div>
        ) : (
          "—"
        )}
      </Row>
      <Row label={t("content.deliveryOptions")}>
        {options.shown.length ? (
          <>
            <CaptionedTable
              caption={t("content.deliveryOptions")}
              columns={[
                { label: t("content.optionColumns.label") },
                { label: t("content.optionColumns.type") },
                { label: t("content.optionColumns.length") },
                { label: t("content.optionColumns.regex") },
                { label: t("content.optionColumns.required") },
              ]}
              look={{ table: "w-full table-fixed text-start text-xs", head: "text-slate-500", th: "py-1" }}
            >
              {options.shown.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: stored options may repeat a name; the list never reorders
                <tr key={index} className="border-t border-slate-100 align-top">
                  <td className="py-1">
                    <ProviderText>{option.fieldLabel}</ProviderText>
                    <div className="font-mono text-slate-500">
                      <LeftToRight>{option.fieldName}</LeftToRight>
                    </div>
                  </td>
                  <td className="py-1">
                    <DataTypeName code={option.dataType} />
                  </td>
                  <td className="py-1">
                    {option.fieldMinLength ?? 0}–{option.fieldMaxLength ?? "∞"}
                  </td>
                  <td className="py-1 font-mono">
                    {option.validationRegex ? <LeftToRight>{option.validationRegex}</LeftToRight> : "—"}
                  </td>
                  <td className="py-1">{option.isRequired ? t("content.yes") : t("content.no")}</td>
                </tr>
              ))}
            </CaptionedTable>
            <MoreNote more={options.more} noun={t("content.deliveryOptionsNoun")} />
          </>
        ) : (
          "—"
        )}
      </Row>
    </dl>
  );
}

/** The data types providers commonly give, named; the contract leaves the field free, so any other is the provider's own text. */
const DATA_TYPES = ["STRING", "NUMBER", "INTEGER", "DECIMAL", "DATE", "BOOLEAN", "EMAIL", "PHONE"] as const;

function DataTypeName({ code }: { code: string }) {
  const dataTypes = useTranslations("channels.content.dataTypes");
  const known = DATA_TYPES.find((type) => type === code.toUpperCase());
  if (!known) return <ProviderText>{code}</ProviderText>;
  return (
    <span title={code} data-code={code}>
      {dataTypes(known)}
    </span>
  );
}
