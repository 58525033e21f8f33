"use client";
/** An administrator enters or corrects one translation by hand; machines never overwrite it. */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

export function TranslationEditor({
  channelId,
  languages,
  save,
}: {
  channelId: string;
  languages: string[];
  save: (input: unknown) => Promise<ActionResult<undefined>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [field, setField] = useState("name");
  const [language, setLanguage] = useState(languages[0] ?? "FR");
  const [text, setText] = useState("");
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await callAction(() => save({ channelId, field, language, text }));
          if (!result.ok) return void toast.error(result.fieldErrors?.text ?? result.error);
          toast.success("Translation saved.");
          setText("");
          router.refresh();
        });
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium">Field</span>
          <select className={inputClass} value={field} onChange={(e) => setField(e.target.value)}>
            <option value="name">Name</option>
            <option value="shortDescription">Short description</option>
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">Language</span>
          <select className={inputClass} value={language} onChange={(e) => setLanguage(e.target.value)}>
            {languages.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </label>
      </div>
      <label className="block text-sm">
        <span className="mb-1 block font-medium">Translation</span>
        <textarea className={inputClass} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" pending={pending}>
        Save translation
      </Button>
    </form>
  );
}
