/** The review page's diff: each changed field with the approved value beside the submitted one. */
import type { Change } from "@/lib/domain/content-diff";
import { Badge } from "@/components/ui/page";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 1));

export function DiffView({ changes, firstVersion }: { changes: Change[]; firstVersion: boolean }) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-slate-600">The submitted content is the same as the approved content.</p>
    );
  }
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">Changes from the approved content to the submitted content</caption>
      <thead className="text-xs uppercase text-slate-500">
        <tr>
          <th scope="col" className="w-1/4 py-2 pr-3">
            Field
          </th>
          <th scope="col" className="py-2 pr-3">
            {firstVersion ? "Before" : "Approved"}
          </th>
          <th scope="col" className="py-2 pr-3">
            Submitted
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {changes.map((change) => (
          <tr key={change.path || "(all)"} className="align-top">
            <th scope="row" className="py-2 pr-3 font-mono text-xs font-normal break-all">
              {change.path || "(whole content)"}
              <div className="mt-1">
                <Badge tone={change.kind === "removed" ? "red" : change.kind === "added" ? "green" : "amber"}>
                  {change.kind === "values" ? "changed" : change.kind}
                </Badge>
              </div>
            </th>
            {change.kind === "values" ? (
              <>
                <td className="py-2 pr-3 text-red-800">
                  {change.removed.length ? `− ${change.removed.join(", ")}` : "—"}
                </td>
                <td className="py-2 pr-3 text-green-800">
                  {change.added.length ? `+ ${change.added.join(", ")}` : "—"}
                </td>
              </>
            ) : (
              <>
                <td className="py-2 pr-3 break-all whitespace-pre-wrap text-red-800">
                  {change.kind === "added" ? "—" : show(change.before)}
                </td>
                <td className="py-2 pr-3 break-all whitespace-pre-wrap text-green-800">
                  {change.kind === "removed" ? "—" : show(change.after)}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
