/**
 * The container recipe (Dockerfile, compose.yaml, .dockerignore). Where a Docker daemon runs
 * (`docker info` succeeds), the compose stack is built and started: two app processes behind
 * nginx with PostgreSQL and MinIO answer /readyz, run as a non-root user and are healthy. Without
 * Docker that part is skipped (said in its name and in the output); what can be checked without
 * it always is: the stages, the user, the health check's path, the settings compose names.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envSchema } from "~/platform/env.server";
import { HEALTH_PATHS } from "~/platform/health.server";
import { freePort, PROJECT_ROOT } from "../support/production-server";

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), "utf8");
const dockerfile = read("Dockerfile");
const compose = read("compose.yaml");

/** Dockerfile instructions of each stage (continuation lines joined). */
function stages(text: string) {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const result: { name: string; base: string; lines: string[] }[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) result.push({ base: from[1] ?? "", name: from[2] ?? "", lines: [] });
    else result.at(-1)?.lines.push(line);
  }
  return result;
}

/** The keys of a block of `KEY: value` lines under `header:` in compose.yaml. */
function blockKeys(text: string, header: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(header));
  const keys: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!line.startsWith("  ")) break;
    const key = /^ {2}([A-Za-z_][A-Za-z0-9_]*):/.exec(line)?.[1];
    if (key) keys.push(key);
  }
  return keys;
}

/** Settings the production server reads outside env.server.ts (scripts/start.mjs). */
const START_SCRIPT_SETTINGS = ["BUILD_DIR"];

describe("the container recipe, checked without Docker", () => {
  const all = stages(dockerfile);
  const runtime = all.at(-1);

  it("builds in stages on Node 24 and runs the production dependencies only", () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const stage of all) expect(stage.base).toMatch(/^node:24-/);
    expect(all.map((s) => s.name)).toEqual(expect.arrayContaining(["build", "runtime"]));
    const build = all.find((s) => s.name === "build");
    expect(build?.lines.some((l) => /npm ci\b/.test(l))).toBe(true);
    expect(build?.lines.some((l) => /react-router build/.test(l))).toBe(true);
    // The last stage takes modules installed without dev dependencies.
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime?.lines.join("\n")).not.toMatch(/npm ci(?! --omit=dev)/);
  });

  it("runs as a user that is not root, with a data volume, the port and a health check", () => {
    const users = runtime?.lines.filter((l) => l.startsWith("USER ")) ?? [];
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(runtime?.lines).toContain('VOLUME ["/data"]');
    expect(runtime?.lines.some((l) => /DATA_DIR=\/data/.test(l))).toBe(true);
    const exposed = runtime?.lines.find((l) => l.startsWith("EXPOSE"));
    expect(exposed).toBe(`EXPOSE ${envSchema.shape.PORT.parse(undefined)}`);
    const healthcheck = runtime?.lines.find((l) => l.startsWith("HEALTHCHECK")) ?? "";
    const probed = /'\/(\w+)'/.exec(healthcheck)?.[1];
    expect(HEALTH_PATHS).toContain(`/${probed}`);
    expect(runtime?.lines.at(-1)).toBe('CMD ["node", "scripts/start.mjs"]');
  });

  it("names only settings the app knows, in the Dockerfile and in compose.yaml", () => {
    const known = new Set([...Object.keys(envSchema.shape), ...START_SCRIPT_SETTINGS]);
    const envLines = (runtime?.lines ?? []).filter((l) => l.startsWith("ENV "));
    const dockerNames = envLines.flatMap((l) =>
      [...l.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((m) => m[1] ?? ""),
    );
    expect(dockerNames.length).toBeGreaterThan(3);
    const composeNames = blockKeys(compose, "x-app-environment:");
    expect(composeNames).toEqual(expect.arrayContaining(["DATABASE_URL", "S3_ENDPOINT"]));
    for (const name of [...dockerNames, ...composeNames]) {
      expect(known.has(name), `${name} is not a setting of env.server.ts`).toBe(true);
    }
    // Two app processes share the one set of settings.
    expect(compose).toMatch(/app1:\n\s+<<: \*app/);
    expect(compose).toMatch(/app2:\n\s+<<: \*app/);
    expect(compose).toMatch(/image: postgres:/);
    expect(compose).toMatch(/image: minio\/minio/);
  });

  it("keeps modules, builds, data and history out of the image's context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim());
    for (const entry of ["node_modules", "build", "data", ".git", ".env"]) {
      expect(ignored).toContain(entry);
    }
  });
});

const dockerInfo = spawnSync("docker", ["info"], { stdio: "ignore", timeout: 20_000 });
const hasDocker = dockerInfo.status === 0;
if (!hasDocker) {
  console.log(
    "[container.test] skipped: `docker info` failed (no Docker daemon here); the compose stack is tested only where Docker runs.",
  );
}

describe.skipIf(!hasDocker)("the compose stack (skipped where `docker info` fails)", () => {
  const project = `fabricum-test-${randomBytes(3).toString("hex")}`;
  let port = 0;
  const env = () => ({
    ...process.env,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    HTTP_PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
  });
  const compose_ = (args: string[], timeout = 120_000) =>
    execFileSync("docker", ["compose", "-p", project, ...args], {
      cwd: PROJECT_ROOT,
      env: env(),
      timeout,
      encoding: "utf8",
    });

  afterAll(() => {
    if (port) compose_(["down", "-v", "--remove-orphans"]);
  });

  it("builds, starts two app processes behind nginx, and they are ready and healthy", async () => {
    port = await freePort();
    compose_(["build"], 1_200_000);
    compose_(["up", "-d"], 300_000);
    const deadline = Date.now() + 240_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      ready = answer?.status === 200;
      await answer?.arrayBuffer();
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(ready).toBe(true);
    for (const service of ["app1", "app2"]) {
      expect(compose_(["exec", "-T", service, "id", "-u"]).trim()).not.toBe("0");
      const id = compose_(["ps", "-q", service]).trim();
      const healthDeadline = Date.now() + 120_000;
      let health = "";
      while (health !== "healthy" && Date.now() < healthDeadline) {
        health = execFileSync("docker", ["inspect", "-f", "{{.State.Health.Status}}", id], {
          encoding: "utf8",
        }).trim();
        if (health !== "healthy") await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      expect(health).toBe("healthy");
    }
  }, 1_800_000);
});
