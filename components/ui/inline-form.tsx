/** A one-line form of a few controls and a button; submitting calls onSubmit without a page load. */
import type { ReactNode } from "react";

export function InlineForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
