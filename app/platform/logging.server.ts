/**
 * The process's log lines. The production server installs this logger first thing
 * (`installLogger`): every console.* call of the app, its libraries included, becomes ONE line:
 * - LOG_FORMAT=text (default): `2026-11-27T15:33:43.123Z INFO  message`, an error's stack bounded
 *   and on the same line, no ANSI colours unless the output is a terminal;
 * - LOG_FORMAT=json: `{"time":…,"level":…,"msg":…}` (an error's `stack` in a field), one object
 *   per line, for a log collector.
 * Before a line is written, secrets are redacted (`redact`): cookie and token values, passwords
 * in addresses, Drizzle's "params:" lists (a failed query repeats its parameters, session tokens
 * among them). During an outage the same error comes from every request: a line that repeats is
 * written once per REPEAT_WINDOW_MS, and the next one says how many were left out.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format, inspect } from "node:util";

export type LogFormat = "text" | "json";
export type LogLevel = "debug" | "info" | "warn" | "error";

/** Lines alike (digits aside) are written once in this time. */
export const REPEAT_WINDOW_MS = 10_000;
/** Stack frames kept in a text line (JSON keeps MAX_JSON_FRAMES). */
const MAX_TEXT_FRAMES = 6;
const MAX_JSON_FRAMES = 30;
/** A line longer than this is cut (a huge value must not flood the log). */
const MAX_MESSAGE = 8000;

const REDACTED = "[redacted]";

/**
 * Secret shapes: a name that says "secret" followed by its value (cookies, headers, JSON fields,
 * query parameters), a password in an address, Drizzle's parameter list, and long random
 * strings (session tokens, signed cookies, reset tokens) wherever they appear.
 */
const SECRET_PATTERNS: [RegExp, string | ((...match: string[]) => string)][] = [
  // Drizzle: "Failed query: <sql>\nparams: a,b,c" — the values may be tokens or emails.
  [/(params:)(?!\s*\[redacted\])[^\n]*/gi, `$1 ${REDACTED}`],
  // Cookie and Authorization headers, whole.
  [
    /((?:^|[\s"'{,])(?:cookie|set-cookie|authorization)["']?\s*[:=]\s*["']?)[^"'\n]*/gi,
    `$1${REDACTED}`,
  ],
  // name=value or "name": "value" for names that hold secrets.
  [
    /((?:[\w.-]*(?:session_token|session|token|password|passwd|secret|api[_-]?key|signature|otp))["']?\s*[:=]\s*["']?)([^\s"'&;,}]+)/gi,
    `$1${REDACTED}`,
  ],
  // user:password@host in any address (postgres://, smtp://, https://).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, `$1${REDACTED}@`],
  // Long random strings (not row ids, UUIDs): better-auth's tokens (32 letters and digits), signed values, hex keys.
  [
    /(?<![\w.-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-]))(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_%+/=-]{16,})?/g,
    REDACTED,
  ],
];

/** The text with every secret-shaped value replaced by "[redacted]". */
export function redact(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) {
    result = result.replace(pattern, replacement as string);
  }
  return result;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences start with ESC.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, "");
}

/** An error's name, message and stack frames (its causes' too, as Drizzle wraps the driver's). */
function describeError(
  error: Error,
  maxFrames: number,
  clean: (text: string) => string,
): { message: string; stack: string } {
  const frames = (error.stack ?? "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("at "));
  const kept = frames.slice(0, maxFrames);
  if (frames.length > kept.length) kept.push(`… ${frames.length - kept.length} more`);
  // Redacted now: a cause appended after Drizzle's "params:" must not be taken for a parameter.
  let message = clean(`${error.name}: ${error.message}`);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") message += ` [${code}]`;
  let cause = error.cause;
  for (let depth = 0; cause instanceof Error && depth < 3; depth++) {
    message += `; cause: ${clean(`${cause.name}: ${cause.message}`)}`;
    cause = cause.cause;
  }
  return { message, stack: kept.join(" ← ") };
}

export interface LogRecord {
  level: LogLevel;
  msg: string;
  stack?: string;
  [field: string]: unknown;
}

/** Builds a record from console arguments (format strings as console.log understands them). */
export function recordOf(
  level: LogLevel,
  args: unknown[],
  format_: LogFormat,
  clean: (text: string) => string = redact,
): LogRecord {
  const maxFrames = format_ === "json" ? MAX_JSON_FRAMES : MAX_TEXT_FRAMES;
  const stacks: string[] = [];
  const parts = args.map((arg) => {
    if (arg instanceof Error) {
      const described = describeError(arg, maxFrames, clean);
      if (described.stack) stacks.push(described.stack);
      return described.message;
    }
    return arg;
  });
  const text =
    typeof parts[0] === "string"
      ? format(...(parts as [string, ...unknown[]]))
      : parts
          .map((p) =>
            typeof p === "string"
              ? p
              : inspect(p, { colors: false, depth: 4, breakLength: Infinity }),
          )
          .join(" ");
  const msg = clean(stripAnsi(text)).slice(0, MAX_MESSAGE);
  const record: LogRecord = { level, msg };
  if (stacks.length > 0) record.stack = clean(stacks.join(" | "));
  return record;
}

/** The request a line was written for (set by the request logger around each request). */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

export interface LoggerOptions {
  format: LogFormat;
  /**
   * Redact secrets (default true). Off only for a local trial (env.server.ts `localTrial`), whose
   * log is the way to follow the outbox's confirmation links; request paths are redacted always.
   */
  redact?: boolean;
  /** Colours allowed (stdout is a terminal and LOG_FORMAT=text). */
  tty?: boolean;
  /** Where lines go (default stdout for debug/info, stderr for warn/error). */
  write?: (level: LogLevel, line: string) => void;
  now?: () => number;
}

const LEVEL_TEXT: Record<LogLevel, string> = {
  debug: "DEBUG",
  info: "INFO ",
  warn: "WARN ",
  error: "ERROR",
};

/** One line of text for a record. */
export function formatLine(record: LogRecord, format_: LogFormat, time: Date): string {
  if (format_ === "json") return JSON.stringify({ time: time.toISOString(), ...record });
  const { level, msg, stack, ...all } = record;
  // A request line's message already says method, path, status and time: only its id is added.
  const fields = all.method === undefined ? all : { requestId: all.requestId };
  const extra = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  return [
    time.toISOString(),
    LEVEL_TEXT[level],
    // A message's own line breaks (the demo accounts' table) stay readable, indented, so a
    // continuation is never taken for a line of its own.
    msg.replace(/\r?\n/g, "\n    "),
    extra ? `(${extra})` : "",
    stack ? `{${stack}}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

export interface Logger {
  log(level: LogLevel, args: unknown[]): void;
  /** A structured line (request lines): fields as they are, the message redacted. */
  record(record: LogRecord): void;
  /** Writes the counts of lines left out whose window has passed. */
  flush(): void;
}

/** Same kind of line: the level and the text with numbers, ids and quoted values taken out. */
function kindOf(record: LogRecord): string {
  return `${record.level} ${record.msg.replace(/\d+/g, "#").slice(0, 160)}`;
}

export function createLogger(options: LoggerOptions): Logger {
  const now = options.now ?? Date.now;
  const clean = options.redact === false ? (text: string) => text : redact;
  const write =
    options.write ??
    ((level: LogLevel, line: string) => {
      (level === "warn" || level === "error" ? process.stderr : process.stdout).write(`${line}\n`);
    });
  /** Warnings and errors seen in the current window, by kind. */
  const windows = new Map<string, { until: number; left: number; sample: LogRecord }>();

  const emit = (record: LogRecord) => {
    const scope = requestScope.getStore();
    const full =
      scope && record.requestId === undefined ? { ...record, requestId: scope.requestId } : record;
    let line = formatLine(full, options.format, new Date(now()));
    if (options.format === "text" && !options.tty) line = stripAnsi(line);
    write(record.level, line);
  };

  const flushKind = (kind: string, at: number) => {
    const window = windows.get(kind);
    if (!window || window.until > at) return;
    windows.delete(kind);
    if (window.left > 0) {
      emit({
        level: window.sample.level,
        msg: `${window.sample.msg} (the same ${window.left} more times in ${REPEAT_WINDOW_MS / 1000} s)`,
        repeated: window.left,
      });
    }
  };

  const throttled = (record: LogRecord) => {
    // Only warnings and errors repeat in an outage; info lines (requests) are each wanted.
    if (record.level !== "warn" && record.level !== "error") return emit(record);
    const at = now();
    const kind = kindOf(record);
    flushKind(kind, at);
    const window = windows.get(kind);
    if (window) {
      window.left += 1;
      return;
    }
    windows.set(kind, { until: at + REPEAT_WINDOW_MS, left: 0, sample: record });
    emit(record);
  };

  return {
    log(level, args) {
      throttled(recordOf(level, args, options.format, clean));
    },
    record(record) {
      throttled({ ...record, msg: clean(stripAnsi(record.msg)) });
    },
    flush() {
      const at = now();
      for (const kind of [...windows.keys()]) flushKind(kind, at);
    },
  };
}

let installed: Logger | undefined;

/**
 * Routes console.log/info/warn/error/debug of the whole process through one logger (once; later
 * calls return the same logger). A timer writes the counts of left-out repeats.
 */
export function installLogger(options: LoggerOptions): Logger {
  if (installed) return installed;
  const logger = createLogger(options);
  installed = logger;
  console.log = (...args: unknown[]) => logger.log("info", args);
  console.info = (...args: unknown[]) => logger.log("info", args);
  console.debug = (...args: unknown[]) => logger.log("debug", args);
  console.warn = (...args: unknown[]) => logger.log("warn", args);
  console.error = (...args: unknown[]) => logger.log("error", args);
  setInterval(() => logger.flush(), REPEAT_WINDOW_MS).unref();
  return logger;
}

/** The installed logger, if any (the request logger writes through it). */
export function currentLogger(): Logger | undefined {
  return installed;
}
