/**
 * The one place that reads process.env. Parsed once by a Zod schema; a bad value stops the
 * start with a message that names the setting.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ["", "true", "false", "1", "0", "yes", "no"].includes(v), {
    message: "ожидается true или false",
  })
  .transform((v) => (v === "" ? undefined : ["true", "1", "yes"].includes(v)))
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "ожидается список email через запятую" })));

/** Proxy names that the HTTP server understands (Express's `trust proxy`). */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (isIP(address) === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For is believed: unset (or false/0) → none, the socket's address is
 * the client; a number → that many proxy hops in front of the server; otherwise a comma-separated
 * list of proxy addresses, subnets (10.0.0.0/8) and names (loopback, linklocal, uniquelocal).
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? "").toLowerCase();
    if (value === "" || value === "false" || value === "0") return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        "ожидается число прокси (1–10) или список адресов и подсетей через запятую (например 10.0.0.0/8,loopback)",
    });
    return z.NEVER;
  });

/** A whole number of milliseconds within [min, max]. */
const milliseconds = (fallback: number, min: number, max: number) =>
  z.coerce
    .number({ message: "ожидается число миллисекунд" })
    .int("ожидается целое число")
    .min(min, `ожидается ${min} или больше`)
    .max(max, `не больше ${max}`)
    .default(fallback);

/**
 * The checks of a production start with DATABASE_URL that an operator may waive for one
 * process: `storage` (files in DATA_DIR instead of S3), `mail` (no SMTP_URL: letters only in the
 * log), `base-url` (no BASE_URL: links to localhost).
 */
export const PRODUCTION_WAIVERS = ["storage", "mail", "base-url"] as const;
export type ProductionWaiver = (typeof PRODUCTION_WAIVERS)[number];

const waiverList = z
  .string()
  .optional()
  .transform((v, ctx): ProductionWaiver[] => {
    const entries = (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    const unknown = entries.filter((e) => !(PRODUCTION_WAIVERS as readonly string[]).includes(e));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `ожидается список через запятую из ${PRODUCTION_WAIVERS.join(", ")}; неизвестно: ${unknown.join(", ")}`,
      });
      return z.NEVER;
    }
    return [...new Set(entries)] as ProductionWaiver[];
  });

export const LOG_FORMATS = ["text", "json"] as const;

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "ожидается номер порта" })
      .int("ожидается целое число")
      .min(1, "ожидается порт от 1 до 65535")
      .max(65535, "ожидается порт от 1 до 65535")
      .default(3000),
    HOST: optionalString,
    /**
     * How often this process's mail worker sends pending notification emails and tender alerts
     * (milliseconds); 0 turns the worker off in this process.
     */
    MAIL_WORKER_INTERVAL_MS: z.coerce
      .number({ message: "ожидается число миллисекунд" })
      .int("ожидается целое число")
      .min(0, "ожидается 0 или больше")
      .default(5000),
    /**
     * How long a mail worker holds the letters it took (milliseconds, decision 024): a process
     * killed mid-batch leaves them to another worker after this. Renewed while a batch goes out.
     */
    MAIL_LEASE_MS: z.coerce
      .number({ message: "ожидается число миллисекунд" })
      .int("ожидается целое число")
      .min(1000, "ожидается не меньше 1000")
      .default(300_000),
    /**
     * Memory each app process gives to visitors' rendered pages (megabytes,
     * app/platform/page-cache.server.ts); 0 turns the page cache off.
     */
    PAGE_CACHE_MB: z.coerce
      .number({ message: "ожидается число мегабайт" })
      .int("ожидается целое число")
      .min(0, "ожидается 0 или больше")
      .max(4096, "не больше 4096")
      .default(128),
    /**
     * Proxies in front of the server whose X-Forwarded-For (the client's address) and
     * X-Forwarded-Proto/-Host (the public origin, for the same-origin check) are believed
     * (default: none).
     */
    TRUST_PROXY: trustProxy,
    /**
     * On SIGTERM/SIGINT, how long requests in flight may still take before they are cut
     * (milliseconds, scripts/server/graceful.mjs); the process then closes and exits.
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ message: "ожидается число миллисекунд" })
      .int("ожидается целое число")
      .min(0, "ожидается 0 или больше")
      .max(600_000, "не больше 600000 (10 минут)")
      .default(20_000),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "ожидается адрес вида postgres://user@host:5432/db")
        .optional(),
    ),
    BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, message: "ожидается адрес вида https://example.com" })
        .optional(),
    ),
    BETTER_AUTH_SECRET: optionalString.pipe(
      z.string().min(32, "нужно не меньше 32 символов").optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "ожидается адрес вида smtp://user:pass@host:587")
        .optional(),
    ),
    MAIL_FROM: optionalString.pipe(z.string().optional()),
    /**
     * Production checks waived for this process (comma-separated: storage, mail, base-url); see
     * PRODUCTION_WAIVERS.
     */
    PRODUCTION_CHECKS_WAIVED: waiverList,
    /** PostgreSQL: how long to wait for a new connection (ms). */
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds(10_000, 100, 600_000),
    /** PostgreSQL: the longest a statement may run before the server cancels it (ms; 0 = none). */
    DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(30_000, 0, 3_600_000),
    /** PostgreSQL: a session idle inside a transaction this long is ended by the server (ms; 0 = none). */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(60_000, 0, 3_600_000),
    /** PostgreSQL: connections this process keeps at most (the live listener has one more). */
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: "ожидается число соединений" })
      .int("ожидается целое число")
      .min(1, "ожидается 1 или больше")
      .max(500, "не больше 500")
      .default(10),
    /** Log lines: `text` (readable, with a timestamp) or `json` (one JSON object per line). */
    LOG_FORMAT: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => (v === "" || v === undefined ? "text" : v))
      .pipe(z.enum(LOG_FORMATS, { message: "ожидается text или json" })),
    /** Log one line per request to /healthz and /readyz as well (default off: probes are noisy). */
    LOG_HEALTH_CHECKS: booleanFlag,
    SITE_NAME: z.string().trim().min(1).default("Fabricum"),
    /** Sign-up needs a confirmed email before the first sign-in (default on). */
    EMAIL_VERIFICATION: booleanFlag,
    /** Rate limits on sign-in, sign-up and reset (default on in production). */
    AUTH_RATE_LIMIT: booleanFlag,
    /** S3-compatible storage for uploads; unset → files in DATA_DIR/uploads. */
    S3_ENDPOINT: optionalString.pipe(
      z.url({ message: "ожидается адрес вида https://s3.example.com" }).optional(),
    ),
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style addressing (MinIO and most self-hosted servers). */
    S3_FORCE_PATH_STYLE: booleanFlag,
    ADMIN_EMAILS: emailList,
    SEED_DEMO: booleanFlag,
    /** Print the demo accounts' passwords on start (default: only for a local demo). */
    DEMO_PASSWORDS: booleanFlag,
    /** The operator's support mailbox, named on /contact and the legal pages (default: none). */
    SUPPORT_EMAIL: optionalString.pipe(
      z.email({ message: "ожидается email, например support@example.com" }).optional(),
    ),
    /** JSON file with the /support-project payment details (default config/support-project.json). */
    SUPPORT_CONFIG: optionalString,
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      for (const name of [
        "S3_ENDPOINT",
        "S3_BUCKET",
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
      ] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              "нужен вместе с остальными S3_* (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
          });
        }
      }
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "обязателен при NODE_ENV=production с DATABASE_URL",
      });
    }
    if (env.NODE_ENV === "production" && env.DATABASE_URL) {
      for (const issue of productionIssues(env)) ctx.addIssue({ code: "custom", ...issue });
    }
  });

/**
 * What several processes on one database need and a production start with DATABASE_URL lacks,
 * each with the waiver that lets this one process start without it.
 */
function productionIssues(env: {
  S3_ENDPOINT?: string;
  BASE_URL?: string;
  SMTP_URL?: string;
  PRODUCTION_CHECKS_WAIVED: ProductionWaiver[];
}): { path: string[]; message: string }[] {
  const waived = new Set(env.PRODUCTION_CHECKS_WAIVED);
  const issues: { path: string[]; message: string }[] = [];
  const when = "обязателен при NODE_ENV=production с DATABASE_URL";
  // A half-set S3_* group is reported by the check above; this one is for none at all.
  if (!env.S3_ENDPOINT && !waived.has("storage")) {
    issues.push({
      path: ["S3_ENDPOINT"],
      message: `${when} вместе с S3_BUCKET, S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY: без них файлы, загруженные через один процесс, не видны другим. Чтобы этот процесс хранил файлы в DATA_DIR, задайте PRODUCTION_CHECKS_WAIVED=storage`,
    });
  }
  if (!env.BASE_URL && !waived.has("base-url")) {
    issues.push({
      path: ["BASE_URL"],
      message: `${when}: без него письма ведут на localhost. Чтобы запустить без него, задайте PRODUCTION_CHECKS_WAIVED=base-url`,
    });
  }
  if (!env.SMTP_URL && !waived.has("mail")) {
    issues.push({
      path: ["SMTP_URL"],
      message: `${when}: без него письма (и ссылки для сброса пароля) попадают только в журнал. Чтобы запустить без него, задайте PRODUCTION_CHECKS_WAIVED=mail`,
    });
  }
  return issues;
}

export type RawEnv = z.infer<typeof envSchema>;

export type Env = Omit<
  RawEnv,
  | "BASE_URL"
  | "BETTER_AUTH_SECRET"
  | "SEED_DEMO"
  | "MAIL_FROM"
  | "EMAIL_VERIFICATION"
  | "S3_FORCE_PATH_STYLE"
  | "DEMO_PASSWORDS"
  | "LOG_HEALTH_CHECKS"
> & {
  LOG_HEALTH_CHECKS: boolean;
  BASE_URL: string;
  BETTER_AUTH_SECRET: string;
  /** Fill an empty database with demo data on start. */
  SEED_DEMO: boolean;
  MAIL_FROM: string;
  EMAIL_VERIFICATION: boolean;
  AUTH_RATE_LIMIT: boolean;
  S3_FORCE_PATH_STYLE: boolean;
  /** Print the demo passwords on start: a local demo (embedded database, local BASE_URL). */
  DEMO_PASSWORDS: boolean;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** true when DATABASE_URL is unset: PGlite inside DATA_DIR. */
  embedded: boolean;
  /**
   * A local trial: the embedded database and a BASE_URL on this machine. Its log keeps the
   * outbox's links whole (the way to confirm an account without mail); any other start's log
   * has tokens redacted.
   */
  localTrial: boolean;
};

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Неверные настройки окружения:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment object. Pure except for the generated secret kept in DATA_DIR. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path[0] === undefined ? "окружение" : String(issue.path[0]);
        const value = source[name];
        const shown = value === undefined ? "" : ` (сейчас: ${JSON.stringify(value)})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  const embedded = !raw.DATABASE_URL;
  const port = raw.PORT;
  const baseUrl = (raw.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const localTrial = embedded && isLocalAddress(baseUrl);
  return {
    ...raw,
    dataDir,
    embedded,
    localTrial,
    BASE_URL: baseUrl,
    DEMO_PASSWORDS: raw.DEMO_PASSWORDS ?? localTrial,
    BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    SEED_DEMO: raw.SEED_DEMO ?? embedded,
    EMAIL_VERIFICATION: raw.EMAIL_VERIFICATION ?? true,
    AUTH_RATE_LIMIT: raw.AUTH_RATE_LIMIT ?? raw.NODE_ENV === "production",
    S3_FORCE_PATH_STYLE: raw.S3_FORCE_PATH_STYLE ?? true,
    LOG_HEALTH_CHECKS: raw.LOG_HEALTH_CHECKS ?? false,
    MAIL_FROM:
      raw.MAIL_FROM ?? `${raw.SITE_NAME} <no-reply@${hostOf(raw.BASE_URL) ?? "localhost"}>`,
  };
}

/** A BASE_URL on this machine: localhost, 127.0.0.0/8 or ::1. */
function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  return new URL(url).hostname;
}

/** Without BETTER_AUTH_SECRET a random secret is generated once and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * LOG_FORMAT, also when another setting is wrong: the logger is installed before the settings
 * are checked, so that the refusal itself is written in the format asked for.
 */
export function logSettings(): { format: (typeof LOG_FORMATS)[number]; redact: boolean } {
  try {
    const settings = env();
    return { format: settings.LOG_FORMAT, redact: !settings.localTrial };
  } catch {
    const format = process.env.LOG_FORMAT?.trim().toLowerCase() === "json" ? "json" : "text";
    return { format, redact: true };
  }
}
