import { describe, expect, it } from "vitest";
import { withStoredFiles } from "./stored-files.server";

type StoreResult = { ok: true; urls: string[] } | { ok: false; errors: string[] };

/** A storage that remembers what is in it. */
function storage() {
  const files = new Set<string>();
  return {
    files,
    store: async (names: string[], refuse = false): Promise<StoreResult> => {
      if (refuse) return { ok: false, errors: ["refused"] };
      for (const name of names) files.add(name);
      return { ok: true, urls: names };
    },
    remove: async ({ urls }: { urls: string[] }) => {
      for (const url of urls) files.delete(url);
    },
  };
}

describe("withStoredFiles", () => {
  it("keeps the files when the write succeeds and returns its answer", async () => {
    const disk = storage();
    const result = await withStoredFiles(
      () => disk.store(["a", "b"]),
      async ({ urls }) => ({ ok: true as const, id: urls.join("+") }),
      disk.remove,
    );
    expect(result).toEqual({ stored: true, written: { ok: true, id: "a+b" } });
    expect([...disk.files]).toEqual(["a", "b"]);
  });

  it("keeps the files when the write answers something other than { ok: false }", async () => {
    const disk = storage();
    const result = await withStoredFiles(
      () => disk.store(["a"]),
      async () => ({ id: "row" }),
      disk.remove,
    );
    expect(result).toEqual({ stored: true, written: { id: "row" } });
    expect(disk.files.size).toBe(1);
  });

  it("removes the files when the write refuses, and returns the refusal", async () => {
    const disk = storage();
    const result = await withStoredFiles(
      () => disk.store(["a", "b"]),
      async () => ({ ok: false as const, problem: "not-found" }),
      disk.remove,
    );
    expect(result).toEqual({ stored: true, written: { ok: false, problem: "not-found" } });
    expect(disk.files.size).toBe(0);
  });

  it("removes the files when the write throws, and passes the error on", async () => {
    const disk = storage();
    await expect(
      withStoredFiles(
        () => disk.store(["a"]),
        async () => {
          throw new Error("connection lost");
        },
        disk.remove,
      ),
    ).rejects.toThrow("connection lost");
    expect(disk.files.size).toBe(0);
  });

  it("writes nothing when the files are refused", async () => {
    const disk = storage();
    let wrote = false;
    const result = await withStoredFiles(
      () => disk.store(["a"], true),
      async () => {
        wrote = true;
        return { ok: true as const };
      },
      disk.remove,
    );
    expect(result).toEqual({ stored: false, refused: { ok: false, errors: ["refused"] } });
    expect(wrote).toBe(false);
  });
});
