/**
 * The translation editor with each language by its name in the reader's language, named here on the
 * server so that the lookups' names stay out of the browser's bundle.
 */
import { useLookupName } from "@/components/channels/lookup-named";
import type { Action } from "@/lib/portal/action-result";
import { TranslationEditor } from "./translation-editor";

export function NamedTranslationEditor({
  channelId,
  languages,
  save,
}: {
  channelId: string;
  languages: string[];
  save: Action;
}) {
  const nameOf = useLookupName();
  const named = languages.map((code) => ({ code, name: nameOf("Language", code) ?? code }));
  return <TranslationEditor channelId={channelId} languages={named} save={save} />;
}
