/** A channel's translations (machine or human) and what still waits for one; shared by both portals. */

import { Badge } from "@/components/ui/page";
import type { channelTranslations } from "@/lib/domain/translations";

type Translations = Awaited<ReturnType<typeof channelTranslations>>;

export function TranslationList({ translations }: { translations: Translations }) {
  const { translations: done, waiting } = translations;
  if (done.length === 0 && waiting.length === 0) {
    return (
      <p className="text-sm text-slate-600">No translations yet: they are made once a request is approved.</p>
    );
  }
  return (
    <div className="space-y-3 text-sm">
      {done.length > 0 && (
        <ul className="space-y-2">
          {done.map((translation) => (
            <li key={`${translation.field}-${translation.language}`}>
              <div className="flex items-center gap-2 text-xs text-slate-600">
                <span className="font-mono">{translation.language}</span>
                <span>{translation.field === "name" ? "Name" : "Short description"}</span>
                <Badge tone={translation.source === "machine" ? "slate" : "blue"}>{translation.source}</Badge>
              </div>
              <div>{translation.text}</div>
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <p className="text-slate-600">
          Waiting:{" "}
          {waiting
            .map((job) => `${job.targetLanguage} ${job.field === "name" ? "name" : "description"}`)
            .join(", ")}
        </p>
      )}
    </div>
  );
}
