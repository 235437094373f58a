import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/** The five methods of /support-project, always shown in this order. */
export const SUPPORT_METHOD_IDS = [
  "bank-kgs",
  "bank-usd",
  "wallet-1",
  "wallet-2",
  "wallet-3",
] as const;
export type SupportMethodId = (typeof SUPPORT_METHOD_IDS)[number];

export const DEFAULT_SUPPORT_CONFIG = "config/support-project.json";

const detailSchema = z
  .object({
    label: z.string().trim().min(1).max(80),
    value: z.string().trim().max(200),
  })
  .strict();

const methodSchema = z
  .object({
    /** Shown instead of the default title (an e-wallet's provider name). */
    title: z.string().trim().max(80).optional(),
    details: z.array(detailSchema).max(10).default([]),
  })
  .strict();

export const supportConfigSchema = z
  .object({
    methods: z
      .object(
        Object.fromEntries(SUPPORT_METHOD_IDS.map((id) => [id, methodSchema.optional()])) as Record<
          SupportMethodId,
          z.ZodOptional<typeof methodSchema>
        >,
      )
      .strict(),
  })
  .strict();

export interface SupportDetail {
  label: string;
  value: string;
}

export interface SupportMethod {
  id: SupportMethodId;
  kind: "bank" | "wallet";
  /** The title the operator set; null → the method's own name in the page's language. */
  title: string | null;
  /** Only details with a value; empty → 'will be published soon'. */
  details: SupportDetail[];
}

/** The methods with nothing configured: every card says the details come soon. */
export function emptySupportMethods(): SupportMethod[] {
  return SUPPORT_METHOD_IDS.map((id) => ({
    id,
    kind: id.startsWith("bank") ? "bank" : "wallet",
    title: null,
    details: [],
  }));
}

export type SupportConfigResult =
  | { ok: true; methods: SupportMethod[] }
  | { ok: false; methods: SupportMethod[]; error: string };

/** Parses the file's text; any problem gives all methods as 'soon' plus an error to log. */
export function parseSupportConfig(text: string): SupportConfigResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      methods: emptySupportMethods(),
      error: `invalid JSON: ${(error as Error).message}`,
    };
  }
  const parsed = supportConfigSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    return { ok: false, methods: emptySupportMethods(), error: `wrong shape: ${issues}` };
  }
  const methods = emptySupportMethods().map((method) => {
    const configured = parsed.data.methods[method.id];
    return {
      ...method,
      title: configured?.title || method.title,
      details: (configured?.details ?? []).filter((detail) => detail.value !== ""),
    };
  });
  return { ok: true, methods };
}

/** Reads and checks the file; a missing or broken file is reported, never thrown. */
export async function readSupportConfig(file: string): Promise<SupportConfigResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return {
      ok: false,
      methods: emptySupportMethods(),
      error: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    };
  }
  return parseSupportConfig(text);
}

/** The configured methods for the page; problems go to the log with the file's path. */
export async function loadSupportMethods(configured?: string): Promise<SupportMethod[]> {
  const file = path.resolve(configured || DEFAULT_SUPPORT_CONFIG);
  const result = await readSupportConfig(file);
  if (!result.ok) {
    console.error(`[support-project] ${file}: ${result.error} — all methods shown as 'soon'`);
  }
  return result.methods;
}
