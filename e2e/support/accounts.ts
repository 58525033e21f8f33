/**
 * Accounts for end-to-end tests, made with the operators' own command-line tools against the e2e
 * database (the same tools docs/portals.md and docs/api.md document), so tests seed nothing the product could not.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export const E2E_DATABASE_URL = "file:./data/e2e/e2e.db";

function runScript(script: string, args: string[]): string[] {
  const output = execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  return output.trim().split("\n");
}

export interface ProviderAccount {
  providerId: string;
  providerName: string;
  apiKey: string;
  email: string;
  password: string;
}

/** A new provider organisation with its first API key and one provider user. */
export function createProviderAccount(name = `E2E Provider ${randomUUID().slice(0, 8)}`): ProviderAccount {
  const providerLines = runScript("scripts/provider-create.ts", ["--name", name]);
  const providerId = /\(([0-9a-f-]{36})\)/.exec(providerLines[0] ?? "")?.[1];
  if (!providerId) throw new Error(`provider:create printed no id: ${providerLines.join("\n")}`);
  const email = `user-${randomUUID().slice(0, 8)}@e2e.example`;
  const userLines = runScript("scripts/user-create.ts", ["--email", email, "--provider", providerId]);
  return {
    providerId,
    providerName: name,
    apiKey: providerLines.at(-1)!,
    email,
    password: userLines.at(-1)!,
  };
}

/** A platform administrator, outside any provider organisation unless one is given. */
export function createAdminAccount(memberOf?: string): { email: string; password: string } {
  const email = `admin-${randomUUID().slice(0, 8)}@e2e.example`;
  const lines = runScript("scripts/user-create.ts", [
    "--email",
    email,
    "--admin",
    "--name",
    "E2E Admin",
    ...(memberOf ? ["--provider", memberOf] : []),
  ]);
  return { email, password: lines.at(-1)! };
}

/** Signs in through the sign-in form and waits for the landing page. */
export async function signIn(
  page: Page,
  account: { email: string; password: string },
  landing = /\/channels$/,
) {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(landing);
}
