/**
 * A forgotten password over real HTTP, on a server of its own whose SMTP_URL is a real SMTP server in
 * this process: the reset link arrives by mail (sealed in the database until sent), opens the reset
 * page with its token, works once, ends the old sessions; an unknown address is answered alike and
 * gets nothing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpReceiver } from "../../support/notifications/smtp-receiver";
import { ownServer } from "../../support/server/own-server";

const smtp = new SmtpReceiver();
const env: Record<string, string> = {};
beforeAll(async () => {
  await smtp.start();
  env.SMTP_URL = smtp.url;
  env.MAIL_FROM = "Portal <portal@reset.example>";
});
afterAll(() => smtp.stop());
const own = ownServer(env);

let db: typeof import("@/lib/db").db;
let disconnect: () => Promise<void> = async () => {};
beforeAll(async () => {
  process.env.DATABASE_URL = own.databaseUrl();
  ({ db, disconnectDb: disconnect } = await import("@/lib/db"));
});
afterAll(() => disconnect()); // before the server's database is dropped (hooks run in reverse)

const base = () => own.server().baseUrl;
const post = (path: string, body: unknown, cookie = "") =>
  fetch(`${base()}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: "manual",
  });

async function mailTo(address: string, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [text] = smtp.textsTo(address);
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address}`);
}

describe("a forgotten password", () => {
  it("is reset through a link that arrives by mail, works once and ends the old sessions", async () => {
    const { createUser } = await import("@/lib/domain/users");
    const email = `reset-${randomUUID().slice(0, 8)}@users.example`;
    await createUser({
      email,
      name: "Reset",
      password: "old password 123",
      roles: ["reviewer"],
      providerId: null,
    });
    const signIn = (password: string) => post("/sign-in/email", { email, password });
    const oldSession = (await signIn("old password 123")).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    expect((await post("/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(
      200,
    );
    const stored = await db().mailMessage.findFirstOrThrow({
      where: { toAddress: email, kind: "password_reset" },
    });
    expect(stored.sealed).toBe(true);
    expect(stored.body).not.toContain("/reset-password/");

    const text = await mailTo(email);
    expect(text).toContain("Subject: Choose a new password for the Delivery Channel Portal");
    const link = /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const landing = await fetch(link!, { redirect: "manual" });
    const location = new URL(landing.headers.get("location") ?? "", base());
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    const page = await fetch(`${base()}/reset-password?token=${token}`);
    expect(await page.text()).toContain("Choose a new password");

    expect((await post("/reset-password", { newPassword: "new password 456", token })).status).toBe(200);
    expect((await post("/reset-password", { newPassword: "another password 789", token })).status).toBe(400);
    expect((await signIn("old password 123")).status).toBe(401);
    expect((await signIn("new password 456")).status).toBe(200);
    const session = await fetch(`${base()}/api/auth/get-session`, { headers: { cookie: oldSession } });
    expect(await session.json()).toBeNull();
  });

  it("answers an unknown address as a known one, and sends nothing", async () => {
    const email = `nobody-${randomUUID().slice(0, 8)}@users.example`;
    expect((await post("/request-password-reset", { email, redirectTo: "/reset-password" })).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // a worker round or more
    expect(smtp.textsTo(email)).toEqual([]);
    expect(await db().mailMessage.count({ where: { toAddress: email } })).toBe(0);
  });

  it("shows the request form, reached from the sign-in page, when the portal sends mail", async () => {
    expect(await (await fetch(`${base()}/sign-in`)).text()).toContain('href="/forgot-password"');
    const page = await (await fetch(`${base()}/forgot-password`)).text();
    expect(page).toContain("Send me a link");
    expect(await (await fetch(`${base()}/reset-password?token=`)).text()).toContain(
      "This link cannot be used",
    );
  });
});
