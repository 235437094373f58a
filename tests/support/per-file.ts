/**
 * What a test file opens before its tests and closes after them. Each helper registers its hooks
 * where it is called (the file, or a describe block) and gives back something to use at once in
 * the tests: `const app = testApp()`, `const database = testDatabase()`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./app-harness";
import { createTestDatabase, type TestDatabase } from "./test-db";

/**
 * Opens a resource before the tests and closes it after them. The handle reaches the resource
 * once the hook has opened it; using it before then is a mistake the error names.
 */
function openForTests<T extends object>(
  open: () => Promise<T>,
  close: (resource: T) => Promise<void>,
): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await open();
  }, 240_000);
  afterAll(async () => {
    if (current) await close(current);
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!current) throw new Error(`used before beforeAll opened it (${String(key)})`);
      return Reflect.get(current, key);
    },
  });
}

/** A fresh migrated database (tests/support/test-db.ts), dropped after the tests. */
export function testDatabase(): TestDatabase {
  return openForTests(createTestDatabase, (database) => database.destroy());
}

/** The app's server side (tests/support/app-harness.ts), closed after the tests. */
export function testApp(): TestApp {
  return openForTests(startTestApp, (app) => app.destroy());
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary one, removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
