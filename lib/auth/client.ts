"use client";
/** The browser side of better-auth: sign-in and sign-out calls to /api/auth. */
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
