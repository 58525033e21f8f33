"use client";
/** A key just issued, shown this once with a copy button. */
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

export function ShownOnceKey({ apiKey, label = "Your new API key." }: { apiKey: string; label?: string }) {
  return (
    <section aria-label="New API key" className="rounded-md border border-green-300 bg-green-50 p-4">
      <p className="text-sm font-medium text-green-900">{label} Copy it now: you will not see it again.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" className="rounded bg-white px-2 py-1 font-mono text-sm break-all">
          {apiKey}
        </code>
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(apiKey);
              toast.success("Copied to the clipboard.");
            } catch {
              toast.error("Copying failed: select the key and copy it by hand.");
            }
          }}
        >
          Copy
        </Button>
      </div>
    </section>
  );
}
