/**
 * Debian's nginx in front of app processes, configured by the deployment guide's own file
 * (deploy/nginx/fabricum.conf) rendered for a test: plain http on free ports of 127.0.0.1 (the
 * TLS lines and the http→https redirect are dropped), the upstream's servers replaced by the
 * given ports. With `pinned`, one extra server block per app process sends everything to that
 * process only (the same proxy settings), so a test can choose where a request is served.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, PROJECT_ROOT } from "./production-server";

export const NGINX_CONF = path.join(PROJECT_ROOT, "deploy/nginx/fabricum.conf");

/** The nginx binary, or null when it is not installed. */
export function nginxBinary(): string | null {
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** The guide's server configuration for a test: listen on `port`, upstreams on `upstreams`. */
export function renderSiteConf(source: string, port: number, upstreams: number[]): string {
  // Drop the http→https redirect server (the first server block that listens on 80).
  const redirect = /server \{\n {4}listen 80;[\s\S]*?\n\}\n/;
  if (!redirect.test(source)) throw new Error("deploy/nginx/fabricum.conf: no redirect server");
  let conf = source.replace(redirect, "");
  const upstreamServers = /^ {4}server 10\.0\.0\.\d+:3000([^;\n]*);\n/gm;
  if (!upstreamServers.test(source)) throw new Error("deploy/nginx/fabricum.conf: no upstreams");
  let first = true;
  conf = conf.replace(upstreamServers, (_line, parameters: string) => {
    if (!first) return "";
    first = false;
    return upstreams.map((p) => `    server 127.0.0.1:${p}${parameters};\n`).join("");
  });
  conf = conf
    .replace(/^ {4}listen 443 ssl[^\n]*\n/m, `    listen 127.0.0.1:${port};\n`)
    .replace(/^ {4}listen \[::\]:443[^\n]*\n/m, "")
    .replace(/^ {4}ssl_[^\n]*\n/gm, "")
    .replace(/^ {4}server_name [^\n]*\n/gm, "    server_name localhost;\n");
  if (!conf.includes(`listen 127.0.0.1:${port};`)) {
    throw new Error("deploy/nginx/fabricum.conf: no `listen 443 ssl` line");
  }
  return conf;
}

/** A copy of the rendered site's main server block that sends everything to `upstream` only. */
function pinnedServer(site: string, port: number, name: string, upstreamPort: number): string {
  const block = site.slice(site.indexOf("server {"));
  const start = site.indexOf("upstream fabricum {");
  const upstream = site.slice(start, site.indexOf("\n}\n", start) + 3);
  const single = upstream
    .replace("upstream fabricum {", `upstream ${name} {`)
    .replace(/^ {4}server 127\.0\.0\.1:\d+[^;\n]*;\n/gm, "")
    .replace(`upstream ${name} {\n`, `upstream ${name} {\n    server 127.0.0.1:${upstreamPort};\n`);
  return `${single}\n${block
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`)
    .replaceAll("proxy_pass http://fabricum;", `proxy_pass http://${name};`)}`;
}

export interface Nginx {
  /** The balanced address (the guide's configuration): http://127.0.0.1:port. */
  url: string;
  /** Per app process (in the order of `upstreams`), an address that reaches only that one. */
  pinned: string[];
  /** nginx's error log so far. */
  errors(): string;
  /** The access log so far: `method path status upstream-address(es) upstream-status(es)`. */
  accessLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: number[], port?: number): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed");
  const prefix = mkdtempSync(path.join(tmpdir(), "fabricum-nginx-"));
  for (const dir of ["logs", "temp"]) mkdirSync(path.join(prefix, dir));
  const balanced = port ?? (await freePort());
  const pinnedPorts = await Promise.all(upstreams.map(() => freePort()));
  const site = renderSiteConf(readFileSync(NGINX_CONF, "utf8"), balanced, upstreams);
  const pinned = upstreams
    .map((upstream, i) => pinnedServer(site, pinnedPorts[i] as number, `fabricum_${i}`, upstream))
    .join("\n");
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, "temp", name)};`;
  const conf = [
    "daemon off;",
    "worker_processes 1;",
    // Root starts nginx's workers as nobody, who could not write the temporary folders.
    ...(process.getuid?.() === 0 ? ["user root root;"] : []),
    `pid ${path.join(prefix, "nginx.pid")};`,
    `error_log ${path.join(prefix, "logs/error.log")} warn;`,
    "events { worker_connections 1024; }",
    "http {",
    // Which process served each request (the rolling restart waits for a restarted one).
    "log_format upstreams '$request_method $uri $status $upstream_addr $upstream_status';",
    `access_log ${path.join(prefix, "logs/access.log")} upstreams;`,
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp),
    site,
    pinned,
    "}",
  ].join("\n");
  const confPath = path.join(prefix, "nginx.conf");
  writeFileSync(confPath, conf);

  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", confPath], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const errors = () => {
    const log = path.join(prefix, "logs/error.log");
    return output + (existsSync(log) ? readFileSync(log, "utf8") : "");
  };
  const stop = async () => {
    if (!exited) {
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${balanced}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) {
      const log = errors();
      await stop();
      throw new Error(`nginx exited at start:\n${log}\n${conf}`);
    }
    try {
      const response = await fetch(`${url}/robots.txt`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const log = errors();
      await stop();
      throw new Error(`nginx did not answer:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const accessLog = () => {
    const log = path.join(prefix, "logs/access.log");
    return existsSync(log) ? readFileSync(log, "utf8") : "";
  };
  return {
    url,
    pinned: pinnedPorts.map((p) => `http://127.0.0.1:${p}`),
    errors,
    accessLog,
    stop,
  };
}
