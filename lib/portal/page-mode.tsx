"use client";
/**
 * The live/test mode the provider portal's page was rendered in, for useAction to send with each
 * action: the server refuses an action whose page showed the other mode (lib/portal/define-action.ts).
 * Absent outside the provider portal (the console has no modes).
 */
import { createContext, type ReactNode, useContext } from "react";
import type { PortalMode } from "../contract/forms/portal-mode-form";

const PageModeContext = createContext<PortalMode | undefined>(undefined);

export function PageModeProvider({ mode, children }: { mode: PortalMode; children: ReactNode }) {
  return <PageModeContext.Provider value={mode}>{children}</PageModeContext.Provider>;
}

export const usePageMode = () => useContext(PageModeContext);
