/**
 * The letter that tells a program's managers and a provider's owners that a delivery request's
 * outcomes are overdue (issue 32, item 4): past the program's reconciliation window, how many of its
 * deliveries have no outcome, and where to see them.
 */
import { type LetterIn, portalLink, writer } from "./letters";

export const overdueOutcomesLetter =
  (overdue: {
    description: string;
    programName: string;
    providerName: string;
    pending: number;
    windowDays: number;
    sentAt: Date;
    /** Where the reader sees them: the console's overdue list, or the provider's own statement. */
    path: string;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const values = { ...overdue, sentAt: format.dateTime(overdue.sentAt), count: overdue.pending };
    return letter(
      t("outcomesOverdue.subject", values),
      [
        t("outcomesOverdue.body", values),
        t("outcomesOverdue.advice"),
        "",
        t("outcomesOverdue.link", { link: portalLink(overdue.path) }),
      ],
      true,
      { path: overdue.path },
    );
  };
