/**
 * A channel's content, readable: every field of the contract, lists as chips, delivery options as a
 * table. Provider text is rendered as text; the landing page becomes a link only for web addresses.
 * Every list is bounded on the page (components/ui/collapsed-list): stored channels may hold 100,000
 * entries.
 */
import type { ReactNode } from "react";
import { CollapsedList, firstOf, groupLabel, MoreNote } from "@/components/ui/collapsed-list";
import { CaptionedTable } from "@/components/ui/table";
import type { ChannelView } from "@/lib/contract/channel";
import { isWebAddress } from "@/lib/contract/channel";
import { formatDecimal } from "@/lib/format";

type Content = Omit<ChannelView, "isApproved" | "status">;

export function safeHref(address: string | null | undefined): string | undefined {
  if (!address || !isWebAddress(address)) return undefined;
  const trimmed = address.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function ExternalLink({ address }: { address: string | null | undefined }) {
  const href = safeHref(address);
  if (!href) return <>{address || "—"}</>;
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow"
      target="_blank"
      className="text-blue-800 underline break-all"
    >
      {address}
    </a>
  );
}

function Chips({ values }: { values: readonly string[] | null | undefined }) {
  if (!values?.length) return <span className="text-slate-500">—</span>;
  return (
    <CollapsedList
      values={values}
      render={(groups) => (
        <ul className="flex flex-wrap gap-1">
          {groups.map((group) => (
            <li
              key={group.value}
              className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800"
            >
              {groupLabel(group)}
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

const AVAILABILITY_ROWS = [
  ["Categories", "categoriesSupported"],
  ["Countries supported", "countriesSupported"],
  ["Countries excluded", "countriesExcluded"],
  ["Nationalities supported", "nationalitiesSupported"],
  ["Nationalities excluded", "nationalitiesExcluded"],
  ["KYC supported", "kycSupported"],
  ["KYC excluded", "kycExcluded"],
  ["Currencies supported", "currenciesSupported"],
  ["Currencies excluded", "currenciesExcluded"],
] as const;

export function ChannelContent({ content }: { content: Content }) {
  const { callCenter, budget } = content;
  const contacts = firstOf(content.contacts, MAX_ITEMS);
  const options = firstOf(content.deliveryOptions, MAX_ITEMS);
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Name">
        {content.name.translation} <span className="text-xs text-slate-500">({content.name.language})</span>
      </Row>
      <Row label="Short description">
        {content.shortDescription ? (
          <>
            {content.shortDescription.translation}{" "}
            <span className="text-xs text-slate-500">({content.shortDescription.language})</span>
          </>
        ) : (
          "—"
        )}
      </Row>
      <Row label="Landing page">
        <ExternalLink address={content.landingPage} />
      </Row>
      {AVAILABILITY_ROWS.map(([label, key]) => (
        <Row key={key} label={label}>
          <Chips values={content.availability[key]} />
        </Row>
      ))}
      <Row label="Budget">
        {budget && (budget.amount !== null || budget.currency || budget.commodity)
          ? `${budget.amount === null || budget.amount === undefined ? "—" : formatDecimal(budget.amount)} ${budget.currency ?? ""}${budget.commodity ? ` ${budget.commodity}` : ""}`
          : "No budget: the program's virtual budget applies"}
      </Row>
      <Row label="Contacts">
        {contacts.shown.length ? (
          <>
            <ul className="space-y-1">
              {contacts.shown.map((contact, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: contacts may repeat; the list never reorders
                <li key={index}>
                  {contact.name} · {contact.email} · {contact.phone}
                </li>
              ))}
            </ul>
            <MoreNote more={contacts.more} noun="contacts" />
          </>
        ) : (
          "—"
        )}
      </Row>
      <Row label="Call center">
        {callCenter ? (
          <div className="space-y-0.5">
            <div>Phone: {callCenter.phone || "—"}</div>
            <div>Email: {callCenter.email || "—"}</div>
            <div>
              Website: <ExternalLink address={callCenter.website} />
            </div>
            <div>WhatsApp: {callCenter.whatsapp || "—"}</div>
          </div>
        ) : (
          "—"
        )}
      </Row>
      <Row label="Delivery options">
        {options.shown.length ? (
          <>
            <CaptionedTable
              caption="Delivery options"
              columns={[
                { label: "Label / name" },
                { label: "Type" },
                { label: "Length" },
                { label: "Regex" },
                { label: "Required" },
              ]}
              look={{ table: "w-full table-fixed text-left text-xs", head: "text-slate-500", th: "py-1" }}
            >
              {options.shown.map((option, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: stored options may repeat a name; the list never reorders
                <tr key={index} className="border-t border-slate-100 align-top">
                  <td className="py-1 break-all">
                    {option.fieldLabel}
                    <div className="font-mono text-slate-500">{option.fieldName}</div>
                  </td>
                  <td className="py-1">{option.dataType}</td>
                  <td className="py-1">
                    {option.fieldMinLength ?? 0}–{option.fieldMaxLength ?? "∞"}
                  </td>
                  <td className="py-1 font-mono break-all">{option.validationRegex ?? "—"}</td>
                  <td className="py-1">{option.isRequired ? "yes" : "no"}</td>
                </tr>
              ))}
            </CaptionedTable>
            <MoreNote more={options.more} noun="delivery options" />
          </>
        ) : (
          "—"
        )}
      </Row>
    </dl>
  );
}
