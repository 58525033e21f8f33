import type { ReactNode } from "react";

/**
 * An id inside translated text (a `t.rich` tag): isolated and left to right in every language, so
 * that a uuid or a masked id (••••01) never reads reversed in an Arabic sentence.
 */
export const ltrCode = (chunks: ReactNode) => (
  <bdi dir="ltr" className="font-mono">
    {chunks}
  </bdi>
);
