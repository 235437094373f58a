import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "fabricum-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv({ DATA_DIR: tempDir(), ...source });
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("settings", () => {
  it("has working defaults: port 3000, embedded database, demo data, generated secret", () => {
    const dir = tempDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.embedded).toBe(true);
    expect(env.SEED_DEMO).toBe(true);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.SITE_NAME).toBe("Fabricum");
    expect(env.ADMIN_EMAILS).toEqual([]);
    // The secret is generated once and kept in DATA_DIR.
    expect(env.BETTER_AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8").trim()).toBe(env.BETTER_AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe(env.BETTER_AUTH_SECRET);
  });

  it("turns demo data off by default with DATABASE_URL, and on when asked", () => {
    const url = "postgres://app@127.0.0.1:5432/fabricum";
    expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: url }).SEED_DEMO).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: url, SEED_DEMO: "true" }).SEED_DEMO).toBe(
      true,
    );
    expect(parseEnv({ DATA_DIR: tempDir(), SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });

  it("normalises lists and URLs", () => {
    const env = parseEnv({
      DATA_DIR: tempDir(),
      ADMIN_EMAILS: " Boss@Example.com, ops@example.com ,",
      BASE_URL: "https://fabricum.example/",
      PORT: "8080",
    });
    expect(env.ADMIN_EMAILS).toEqual(["boss@example.com", "ops@example.com"]);
    expect(env.BASE_URL).toBe("https://fabricum.example");
    expect(env.PORT).toBe(8080);
    expect(env.MAIL_FROM).toBe("Fabricum <no-reply@fabricum.example>");
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ BASE_URL: "localhost:3000" }, "BASE_URL"],
    [{ BASE_URL: "ftp://example.com" }, "BASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ADMIN_EMAILS: "boss, ops@example.com" }, "ADMIN_EMAILS"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ BETTER_AUTH_SECRET: "short" }, "BETTER_AUTH_SECRET"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
  ])("stops on a bad value and names it: %o", (source, name) => {
    const error = errorOf(source as Record<string, string>);
    expect(error.issues.some((issue) => issue.startsWith(`${name}:`))).toBe(true);
    expect(error.message).toContain(name);
  });

  it("requires BETTER_AUTH_SECRET in production with DATABASE_URL", () => {
    const error = errorOf({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@127.0.0.1:5432/fabricum",
    });
    expect(error.issues[0]).toMatch(/^BETTER_AUTH_SECRET:/);
    // Not in embedded mode: the generated secret serves.
    const dir = tempDir();
    expect(() => parseEnv({ DATA_DIR: dir, NODE_ENV: "production" })).not.toThrow();
    expect(existsSync(path.join(dir, "auth-secret"))).toBe(true);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value: string | undefined) =>
    parseEnv({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
      .TRUST_PROXY;

  it("believes no forwarded header by default", () => {
    expect(trust(undefined)).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
  });

  it("takes a hop count or a list of addresses, subnets and names", () => {
    expect(trust("1")).toBe(1);
    expect(trust("10.0.0.0/8, 192.168.1.7,loopback")).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "loopback",
    ]);
    expect(trust("fd00::/8")).toEqual(["fd00::/8"]);
  });

  it("refuses anything else, naming the setting", () => {
    for (const bad of ["yes", "11", "10.0.0.0/33", "proxy.example.com", "1.2.3.4/8/9"]) {
      expect(errorOf({ TRUST_PROXY: bad }).message, bad).toContain("TRUST_PROXY:");
    }
  });
});

describe("DEMO_PASSWORDS", () => {
  const show = (source: Record<string, string>) =>
    parseEnv({ DATA_DIR: tempDir(), ...source }).DEMO_PASSWORDS;

  it("shows the demo passwords only for a local demo by default", () => {
    expect(show({})).toBe(true);
    expect(show({ BASE_URL: "http://127.0.0.1:3210" })).toBe(true);
    expect(show({ BASE_URL: "https://fabricum.example" })).toBe(false);
    expect(show({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" })).toBe(false);
  });

  it("follows the setting when it is given", () => {
    expect(show({ BASE_URL: "https://fabricum.example", DEMO_PASSWORDS: "true" })).toBe(true);
    expect(show({ DEMO_PASSWORDS: "false" })).toBe(false);
  });
});

describe("a production start with DATABASE_URL", () => {
  const production = {
    NODE_ENV: "production",
    DATABASE_URL: "postgres://app@db:5432/fabricum",
    BETTER_AUTH_SECRET: "0123456789abcdef0123456789abcdef",
  };
  const complete = {
    ...production,
    BASE_URL: "https://fabricum.example",
    SMTP_URL: "smtp://mailer:pass@smtp.example.com:587",
    S3_ENDPOINT: "https://s3.example.com",
    S3_BUCKET: "uploads",
    S3_ACCESS_KEY_ID: "key",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("needs S3, BASE_URL and SMTP, each named with its waiver", () => {
    const message = errorOf(production).message;
    expect(message).toContain("S3_ENDPOINT: обязателен при NODE_ENV=production с DATABASE_URL");
    expect(message).toContain("PRODUCTION_CHECKS_WAIVED=storage");
    expect(message).toContain("BASE_URL: обязателен");
    expect(message).toContain("PRODUCTION_CHECKS_WAIVED=base-url");
    expect(message).toContain("SMTP_URL: обязателен");
    expect(message).toContain("PRODUCTION_CHECKS_WAIVED=mail");
    expect(() => parseEnv({ DATA_DIR: tempDir(), ...complete })).not.toThrow();
  });

  it("starts without them when each is waived, and only then", () => {
    const waived = parseEnv({
      DATA_DIR: tempDir(),
      ...production,
      PRODUCTION_CHECKS_WAIVED: " Storage, mail,base-url ",
    });
    expect(waived.PRODUCTION_CHECKS_WAIVED).toEqual(["storage", "mail", "base-url"]);
    const partly = errorOf({ ...production, PRODUCTION_CHECKS_WAIVED: "storage" }).message;
    expect(partly).not.toContain("S3_ENDPOINT");
    expect(partly).toContain("SMTP_URL");
    expect(errorOf({ ...complete, PRODUCTION_CHECKS_WAIVED: "s3" }).message).toContain(
      "PRODUCTION_CHECKS_WAIVED: ожидается список через запятую из storage, mail, base-url; неизвестно: s3",
    );
  });

  it("asks nothing of a local or embedded start", () => {
    expect(() => parseEnv({ DATA_DIR: tempDir(), NODE_ENV: "production" })).not.toThrow();
    expect(() =>
      parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: production.DATABASE_URL }),
    ).not.toThrow();
  });
});

describe("database and log settings", () => {
  it("has defaults that fit: 10 s to connect, 30 s a statement, 10 connections, text logs", () => {
    const env = parseEnv({ DATA_DIR: tempDir() });
    expect(env.DATABASE_CONNECT_TIMEOUT_MS).toBe(10_000);
    expect(env.DATABASE_STATEMENT_TIMEOUT_MS).toBe(30_000);
    expect(env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS).toBe(60_000);
    expect(env.DATABASE_POOL_SIZE).toBe(10);
    expect(env.LOG_FORMAT).toBe("text");
    expect(env.LOG_HEALTH_CHECKS).toBe(false);
  });

  it("takes other values and refuses bad ones, naming the setting", () => {
    const env = parseEnv({
      DATA_DIR: tempDir(),
      DATABASE_CONNECT_TIMEOUT_MS: "2500",
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
      DATABASE_POOL_SIZE: "25",
      LOG_FORMAT: "JSON",
    });
    expect(env.DATABASE_CONNECT_TIMEOUT_MS).toBe(2500);
    expect(env.DATABASE_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(env.DATABASE_POOL_SIZE).toBe(25);
    expect(env.LOG_FORMAT).toBe("json");
    expect(errorOf({ DATABASE_POOL_SIZE: "0" }).message).toContain("DATABASE_POOL_SIZE:");
    expect(errorOf({ DATABASE_CONNECT_TIMEOUT_MS: "soon" }).message).toContain(
      "DATABASE_CONNECT_TIMEOUT_MS: ожидается число миллисекунд",
    );
    expect(errorOf({ LOG_FORMAT: "xml" }).message).toContain("LOG_FORMAT: ожидается text или json");
  });
});

describe("localTrial", () => {
  it("is a start on the embedded database with a BASE_URL on this machine, and nothing else", () => {
    const trial = (source: Record<string, string>) =>
      parseEnv({ DATA_DIR: tempDir(), ...source }).localTrial;
    expect(trial({})).toBe(true);
    expect(trial({ BASE_URL: "https://fabricum.example" })).toBe(false);
    expect(trial({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" })).toBe(false);
  });
});
