/**
 * The roles a user can hold (docs/users-and-roles.md "Users and roles"). Platform roles work the console;
 * provider roles work one provider organisation's portal. A user holds one or more of them, stored
 * space-separated in User.roles; what each role may do is lib/domain/permissions.ts, one table.
 */
import { z } from "zod";

export const PLATFORM_ROLES = [
  "administrator",
  "reviewer",
  "program_manager",
  "finance_approver",
  "auditor",
] as const;
export const PROVIDER_ROLES = ["owner", "editor", "viewer"] as const;

export type PlatformRole = (typeof PLATFORM_ROLES)[number];
export type ProviderRole = (typeof PROVIDER_ROLES)[number];
export type UserRole = PlatformRole | ProviderRole;

export const platformRoleSchema = z.enum(PLATFORM_ROLES);
export const providerRoleSchema = z.enum(PROVIDER_ROLES);
export const userRoleSchema = z.enum([...PLATFORM_ROLES, ...PROVIDER_ROLES]);

export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  administrator: "Administrator",
  reviewer: "Reviewer",
  program_manager: "Program manager",
  finance_approver: "Finance approver",
  auditor: "Auditor",
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
};

export const ROLE_SUMMARIES: Readonly<Record<UserRole, string>> = {
  administrator: "users, providers and their keys, settings",
  reviewer: "decides channel requests, edits translations",
  program_manager: "programs, their channels and budgets, delivery requests, refunds",
  finance_approver: "approves payments above a program's threshold",
  auditor: "reads everything, changes nothing",
  owner: "the organisation's users, API keys and webhooks, and its channels",
  editor: "the organisation's channels",
  viewer: "reads the organisation's channels, keys and webhooks",
};

/** What an administrator could do before roles existed (migration 20261123170000): all but approve payments. */
export const LEGACY_ADMIN_ROLES: UserRole[] = ["administrator", "reviewer", "program_manager"];

const KNOWN = new Set<string>([...PLATFORM_ROLES, ...PROVIDER_ROLES]);

/** The one reader of User.roles: unknown words are ignored, never granted. */
export function parseRoles(stored: string | null | undefined): UserRole[] {
  if (!stored) return [];
  return [...new Set(stored.split(/\s+/).filter((word) => KNOWN.has(word)))] as UserRole[];
}

/** The one writer of User.roles. */
export function serializeRoles(roles: readonly UserRole[]): string {
  return [...new Set(roles)].filter((role) => KNOWN.has(role)).join(" ");
}

export const isPlatformRole = (role: string): role is PlatformRole =>
  (PLATFORM_ROLES as readonly string[]).includes(role);
export const isProviderRole = (role: string): role is ProviderRole =>
  (PROVIDER_ROLES as readonly string[]).includes(role);
