/** A statement query the contract refused (a day that does not exist, a period ending before it starts). */
import { useValidationText } from "@/lib/i18n/use-validation-text";

export function StatementProblems({ problems }: { problems: Array<{ field: string; message: string }> }) {
  const inReadersLanguage = useValidationText();
  return (
    <ul role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {problems.map((problem) => (
        <li key={`${problem.field}:${problem.message}`}>
          <span className="font-mono">{problem.field}</span>: {inReadersLanguage(problem.message)}
        </li>
      ))}
    </ul>
  );
}
