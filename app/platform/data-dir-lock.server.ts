/**
 * One process at a time opens an embedded database directory. The holder writes its PID (and,
 * for the server, the socket it shares the database on) into `<directory>.lock`, created
 * atomically; a lock whose process is gone is taken over. Another process finds out who holds
 * the directory and either uses the holder's socket (the commands) or stops with a message (a
 * second server).
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

export interface LockHolder {
  pid: number;
  /** The socket on which the holder shares the database, if it does. */
  socket: string | null;
}

export type LockResult = { ok: true; release: () => void } | { ok: false; holder: LockHolder };

export const lockFileOf = (directory: string) => `${directory.replace(/\/+$/, "")}.lock`;

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The live process that holds `directory`, or null. */
export function lockHolder(directory: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(lockFileOf(directory), "utf8")) as LockHolder;
    return alive(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Takes the directory for this process, unless a live process holds it. */
export function lockDataDir(directory: string, socket: string | null = null): LockResult {
  const file = lockFileOf(directory);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, socket } satisfies LockHolder));
      closeSync(fd);
      const release = () => {
        if (lockHolder(directory)?.pid === process.pid) rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return { ok: true, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(directory);
      if (holder) return { ok: false, holder };
      // The holder is gone: its lock is stale. Another process may be taking it over too;
      // whoever creates the file next wins.
      rmSync(file, { force: true });
    }
  }
  const holder = lockHolder(directory);
  if (holder) return { ok: false, holder };
  throw new Error(`cannot take the lock ${file}`);
}

/** Records the socket in this process's lock (the server, once it listens). */
export function announceSocket(directory: string, socket: string | null): void {
  const file = lockFileOf(directory);
  const fd = openSync(file, "w", 0o600);
  writeSync(fd, JSON.stringify({ pid: process.pid, socket } satisfies LockHolder));
  closeSync(fd);
}
