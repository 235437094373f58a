/**
 * The upload flow of the workspace pattern (docs/decisions/014-workspace-pattern.md): files are
 * stored before the database write that names them, and removed again when that write does not
 * happen, so storage never keeps a file no row points to. Used for pictures (products, tenders),
 * quote attachments and message attachments.
 */

/**
 * Stores the files (`store`: all or nothing, `{ ok: false, … }` when a file is refused), runs
 * `write` with what was stored, and calls `remove` with it when the write throws (the error is
 * passed on) or answers `{ ok: false, … }`. A refused store writes nothing.
 */
export async function withStoredFiles<Result extends { ok: boolean }, Written>(
  store: () => Promise<Result>,
  write: (stored: Extract<Result, { ok: true }>) => Promise<Written>,
  remove: (stored: Extract<Result, { ok: true }>) => Promise<unknown>,
): Promise<
  { stored: false; refused: Extract<Result, { ok: false }> } | { stored: true; written: Written }
> {
  type Stored = Extract<Result, { ok: true }>;
  const stored = await store();
  if (!stored.ok) return { stored: false, refused: stored as Extract<Result, { ok: false }> };
  let written: Written;
  try {
    written = await write(stored as Stored);
  } catch (error) {
    await remove(stored as Stored);
    throw error;
  }
  if (failed(written)) await remove(stored as Stored);
  return { stored: true, written };
}

function failed(written: unknown): boolean {
  return typeof written === "object" && written !== null && "ok" in written && written.ok === false;
}
