/**
 * The whole server side of the app for one integration test file: real settings, database,
 * auth, mail outbox and disk storage (the runtime the production server uses), with route
 * loaders and actions called the way React Router calls them. Lets a test act as a visitor or
 * as a signed-in person against the real routes, then look into the database.
 *
 * - Default: PGlite in memory, a copy of the run's migrated template (files go to a fresh
 *   DATA_DIR).
 * - With TEST_DATABASE_URL: a new PostgreSQL database on that server, dropped afterwards.
 *
 * One harness per test file: the runtime is a per-process singleton and vitest gives each file
 * its own module registry.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { register } from "~/features/accounts/accounts.server";
import { setAdminRole } from "~/features/accounts/admin-emails.server";
import { createRequestContext, requestContext } from "~/http/request-context.server";
import { type CurrentUser, loadProfileSummary, toCurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { closeRuntime, getRuntime, type Runtime } from "~/server/runtime.server";
import { formOf } from "./actor-context";
import { createPostgresDatabase, openPgliteCopy, uniqueDatabaseName } from "./test-db";

export const BASE_URL = "http://localhost:3000";

export type Role = "buyer" | "factory";

export interface Person {
  id: string;
  email: string;
  name: string;
  /** The Cookie header of the person's session. */
  cookie: string;
}

/** What a loader or action answered, as the server would send it. */
export interface Reply {
  status: number;
  headers: Headers;
  /** The loader's or action's data (undefined for a plain Response). */
  data: unknown;
  /** Redirect target, when the reply is a redirect. */
  location: string | null;
  /** An unexpected exception: the server would have answered 500. */
  error?: unknown;
}

// Route modules' loaders and actions take React Router's argument object.
// biome-ignore lint/suspicious/noExplicitAny: route functions are typed per route
type RouteFunction = (args: any) => unknown;

export interface CallOptions {
  /** The signed-in person; omitted → a visitor. */
  as?: Person | null;
  /** Route params (e.g. `{ id }`). */
  params?: Record<string, string>;
  /** Form fields: a FormData, or pairs (repeated names allowed). */
  form?: FormData | [string, string | Blob][] | Record<string, string>;
  /** Extra request headers (an Origin is sent unless given). */
  headers?: Record<string, string>;
}

export interface TestApp {
  runtime: Runtime;
  db: Runtime["db"];
  dataDir: string;
  /** Registers through the real sign-up flow (profile included) and returns the session. */
  signUp(role: Role, name?: string): Promise<Person>;
  /** Gives the person the admin role (as `npm run admin -- grant` does). */
  makeAdmin(person: Person): Promise<void>;
  /** The person as the services see them, from the rows (also once their session has ended). */
  userOf(person: Person): Promise<CurrentUser>;
  /** POSTs to a route's action at `path`. */
  post(action: RouteFunction, path: string, options?: CallOptions): Promise<Reply>;
  /** GETs a route's loader at `path`. */
  get(loader: RouteFunction, path: string, options?: CallOptions): Promise<Reply>;
  destroy(): Promise<void>;
}

function isDataWithInit(value: unknown): value is {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
} {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

function toReply(value: unknown, thrown: boolean): Reply {
  if (value instanceof Response) {
    return {
      status: value.status,
      headers: value.headers,
      data: undefined,
      location: value.headers.get("location"),
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      headers,
      data: value.data,
      location: headers.get("location"),
    };
  }
  if (thrown) {
    return { status: 500, headers: new Headers(), data: undefined, location: null, error: value };
  }
  return { status: 200, headers: new Headers(), data: value, location: null };
}

function formBody(form: CallOptions["form"]): FormData | undefined {
  if (!form) return undefined;
  if (form instanceof FormData) return form;
  const body = new FormData();
  const pairs = Array.isArray(form) ? form : Object.entries(form);
  for (const [name, value] of pairs) body.append(name, value);
  return body;
}

/**
 * What React Router hands a route's loader or action for `request`, for a test that calls one
 * itself: the route's params and the context of the root middleware.
 */
export async function routeArgs<const Params extends Record<string, string>>(
  request: Request,
  params: Params,
) {
  const context = await routeContextFor(request);
  return { request, url: new URL(request.url), pattern: "", params, context };
}

/** The context React Router's root middleware sets for a request (app/root.tsx). */
export async function routeContextFor(request: Request): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(requestContext, await createRequestContext(request));
  return context;
}

export async function startTestApp(): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fabricum-app-"));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl
    ? await createPostgresDatabase(serverUrl, uniqueDatabaseName("fabricum_app"))
    : null;
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: postgres?.url ?? "",
    BASE_URL,
    SEED_DEMO: "false",
    EMAIL_VERIFICATION: "false",
    AUTH_RATE_LIMIT: "false",
    ADMIN_EMAILS: "",
    SMTP_URL: "",
    S3_ENDPOINT: "",
    S3_BUCKET: "",
    // No background mail worker: it would write (settings rows, alert marks) while a test
    // compares the database before and after; tests that need it call runMailWork themselves.
    MAIL_WORKER_INTERVAL_MS: "0",
  });
  // PGlite: in memory, from the run's migrated template (the runtime's migration finds nothing
  // to do), rather than a new directory on disk that runs every migration.
  const runtime = await getRuntime({ database: postgres ? undefined : await openPgliteCopy() });

  async function call(
    fn: RouteFunction,
    method: "GET" | "POST",
    target: string,
    options: CallOptions = {},
  ): Promise<Reply> {
    const headers = new Headers({ origin: BASE_URL, ...options.headers });
    if (options.as) headers.set("cookie", options.as.cookie);
    const request = new Request(new URL(target, BASE_URL), {
      method,
      headers,
      body: method === "POST" ? formBody(options.form) : undefined,
    });
    try {
      // What the root middleware gives every request.
      return toReply(await fn(await routeArgs(request, options.params ?? {})), false);
    } catch (thrown) {
      return toReply(thrown, true);
    }
  }

  return {
    runtime,
    db: runtime.db,
    dataDir,
    async signUp(role, name) {
      const email = `${role}-${randomUUID()}@example.com`;
      const shown = name ?? (role === "factory" ? "Фабрика Тест" : "Покупатель Тест");
      const password = "secret-password-1";
      const result = await register(
        runtime,
        new Request(`${BASE_URL}/register`, { method: "POST" }),
        {
          form: formOf({ name: shown, email, password, confirmPassword: password, userType: role }),
        },
      );
      if (!result.ok || result.value.status !== "signed-in") {
        throw new Error(`sign-up failed: ${JSON.stringify(result)}`);
      }
      const cookie = result.value.cookies
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const id = (await runtime.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user.id;
      if (!id) throw new Error("sign-up gave no session");
      return { id, email, name: shown, cookie };
    },
    async makeAdmin(person) {
      await setAdminRole(runtime.db, person.email, true);
    },
    async userOf(person) {
      const [row] = await runtime.db
        .select()
        .from(schema.users)
        .where(eq(schema.users.id, person.id));
      if (!row) throw new Error(`no account for ${person.email}`);
      return toCurrentUser(row, await loadProfileSummary(runtime.db, person.id));
    },
    post: (action, target, options) => call(action, "POST", target, options),
    get: (loader, target, options) => call(loader, "GET", target, options),
    async destroy() {
      await closeRuntime();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
