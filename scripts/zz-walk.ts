import { readFileSync, writeFileSync } from "node:fs";
import { chromium, type Page } from "playwright-core";

const base = "http://127.0.0.1:3111";
const log = readFileSync("/tmp/demo.log", "utf8");
const pw = (email: string) => log.match(new RegExp(`${email.replace(".", "\\.")}\\s+(\\S+)`))![1]!;
const world = JSON.parse(readFileSync("/tmp/walk-world.json", "utf8"));
const shots = "/tmp/walk";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });

async function as(email: string, locale: "en" | "ar") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(pw(email));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForLoadState("networkidle");
  if (locale === "ar") await context.addCookies([{ name: "locale", value: "ar", url: base }]);
  return page;
}
const shot = async (page: Page, name: string) => {
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

for (const locale of ["en", "ar"] as const) {
  const finance = await as("finance1@demo.example", locale);
  await finance.goto(`${base}/admin`);
  await shot(finance, `${locale}-finance-home`);
  await finance.goto(`${base}/admin/statement/overdue`);
  await shot(finance, `${locale}-overdue`);
  await finance.goto(`${base}/admin/statement/uploads?provider=${world.providerId}`);
  const [a, b, c] = world.deliveries;
  const lines =
    locale === "en"
      ? [
          "Ref;Paid;Cur;State",
          `${a.id};100.00;EUR;PAID`,
          `${b.id};70.00;EUR;PAID`,
          `${a.id};100.00;EUR;PAID`,
          "nope;5.00;EUR;PAID",
        ]
      : ["Ref;Paid;Cur;State", `${c.id};40.00;USD;PAID`];
  writeFileSync(`/tmp/walk-${locale}.csv`, lines.join("\n"));
  await finance.locator('input[type="file"]').setInputFiles(`/tmp/walk-${locale}.csv`);
  await finance.waitForTimeout(500);
  if (locale === "en") {
    await finance.getByLabel("Our delivery id").selectOption("Ref");
    await finance.getByLabel("The provider's reference").selectOption("");
    await finance.getByLabel("Amount", { exact: true }).selectOption("Paid");
    await finance.getByLabel("Currency or unit").selectOption("Cur");
    await finance.getByLabel("Status", { exact: true }).selectOption("State");
    await finance.getByLabel("The provider's labels meaning delivered").fill("PAID");
  }
  await shot(finance, `${locale}-upload-form`);
  await finance.locator('button[type="submit"]').last().click();
  await finance.waitForURL(/uploads\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await shot(finance, `${locale}-upload-result`);
  await finance.context().close();

  const admin = await as("admin@demo.example", locale);
  await admin.goto(`${base}/admin/programs/${world.programId}`);
  await shot(admin, `${locale}-program`);
  await admin.context().close();

  const owner = await as("provider@demo.example", locale);
  await owner.goto(`${base}/webhooks/events`);
  await shot(owner, `${locale}-event-catalog`);
  await owner.goto(`${base}/inbox`);
  await shot(owner, `${locale}-owner-inbox`);
  await owner.context().close();
}
await browser.close();
console.log("walked");
