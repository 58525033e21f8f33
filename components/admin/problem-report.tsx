/** A refused CSV file's problems, line by line, so the file can be fixed in one go. */
import type { RowProblem } from "@/lib/contract/forms/delivery-requests";

export function ProblemReport({ problems }: { problems: RowProblem[] }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">Nothing was sent. Fix these and send again:</p>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">Problems per line</caption>
        <thead className="text-xs text-red-900 uppercase">
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem) => (
            <tr key={`${problem.line}-${problem.field}`}>
              <td>{problem.line}</td>
              <td className="font-mono">{problem.field}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
