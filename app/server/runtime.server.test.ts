import { describe, expect, it } from "vitest";
import type { SeedReport } from "~/demo/seed.server";
import { startupReport } from "./runtime.server";

const seed: SeedReport = {
  created: true,
  counts: { users: 0, factories: 0, products: 0, tenders: 0, quotes: 0, messages: 0 },
  accounts: [
    { email: "buyer@example.com", password: "Demo-buyer-secret", role: "buyer" },
    { email: "admin@example.com", password: "Demo-admin-secret", role: "admin" },
  ],
};

describe("start-up report", () => {
  it("prints the demo passwords for a local demo", () => {
    const text = startupReport("pglite", { dataDir: "/data", DEMO_PASSWORDS: true }, seed).join(
      "\n",
    );
    expect(text).toContain("Demo-admin-secret");
    expect(text).toContain("buyer@example.com");
  });

  it("prints no password otherwise, and says where they are kept", () => {
    const text = startupReport(
      "postgres",
      { dataDir: "/srv/data", DEMO_PASSWORDS: false },
      seed,
    ).join("\n");
    expect(text).not.toMatch(/Demo-\w/);
    expect(text).toContain("/srv/data/demo-accounts.json");
    expect(text).toContain("DEMO_PASSWORDS=true");
  });
});
