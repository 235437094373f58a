import { readFileSync } from "node:fs";
import path from "node:path";
import { type Page, test } from "@playwright/test";

export interface DemoAccount {
  email: string;
  password: string;
  role: "buyer" | "factory" | "admin";
}

/** The demo accounts the e2e server seeded (passwords are generated per installation). */
export function demoAccount(role: DemoAccount["role"]): DemoAccount {
  const dir = process.env.E2E_DATA_DIR as string;
  const accounts = JSON.parse(
    readFileSync(path.join(dir, "demo-accounts.json"), "utf8"),
  ) as DemoAccount[];
  const account = accounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

/** Signs in through better-auth's endpoint; the session cookie lands in the page's context. */
export async function signInAs(page: Page, role: DemoAccount["role"]): Promise<void> {
  const { email, password } = demoAccount(role);
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
