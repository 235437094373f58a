/**
 * A factory's capability profile (issue 29): what a buyer decides by (minimum order, capacity,
 * lead times, services, materials, staff, year founded, export markets, languages). The owner
 * reads and saves it; the factory page and the directory read it through factories.server.ts.
 * The certifications are not here: they are proven by certificate files an admin verifies.
 */
import { and, eq } from "drizzle-orm";
import { failures, type Outcome, ok } from "~/domain/outcome";
import type { Db } from "~/platform/db.server";
import { schema } from "~/platform/db.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { readFields } from "~/platform/use-case.server";
import { CAPABILITY_PROBLEMS, type CapabilityProblem } from "./capability-problems";
import { type CapabilityInput, capabilitySchema } from "./capability-schema";

const factories = schema.factories;
const fail = failures(CAPABILITY_PROBLEMS);

/** The capability columns, as the form, the page and the use case name them. */
export const capabilityColumns = {
  minOrder: factories.minOrder,
  monthlyCapacity: factories.monthlyCapacity,
  leadTimeDays: factories.leadTimeDays,
  sampleDays: factories.sampleDays,
  staffCount: factories.staffCount,
  foundedYear: factories.foundedYear,
  services: factories.services,
  materials: factories.materials,
  exportMarkets: factories.exportMarkets,
  languages: factories.languages,
};

export type Capabilities = CapabilityInput;

/** How many of the nine facts (the two lead times count as one) a capability profile gives. */
export function filledCapabilities(value: Capabilities): number {
  return [
    value.minOrder,
    value.monthlyCapacity,
    value.leadTimeDays ?? value.sampleDays,
    value.staffCount,
    value.foundedYear,
    value.services.length,
    value.materials.length,
    value.exportMarkets.length,
    value.languages.length,
  ].filter(Boolean).length;
}

/** The actor's own factory's capability profile; null before its profile was first saved. */
export async function loadOwnCapabilities(
  db: Db,
  actor: Pick<UseCaseContext["actor"], "id" | "userType">,
): Promise<Capabilities | null> {
  if (actor.userType !== "factory") return null;
  const [row] = await db
    .select(capabilityColumns)
    .from(factories)
    .where(eq(factories.userId, actor.id));
  return row ?? null;
}

/**
 * Saves the actor's capability profile from its posted form. Only the actor's own factory row
 * is written (no id comes from the form); a blocked owner's factory (`listed` false) is not.
 */
export async function saveCapabilities(
  context: UseCaseContext,
  input: { form: FormData },
): Promise<Outcome<Capabilities, CapabilityProblem>> {
  const { actor, db } = context;
  if (actor.userType !== "factory" || !actor.profile) return fail("not-a-factory");
  const fields = readFields(context, capabilitySchema, input.form);
  if (!fields.ok) return fields;
  const saved = await db
    .update(factories)
    .set({ ...fields.value, updatedAt: new Date() })
    .where(and(eq(factories.userId, actor.id), eq(factories.listed, true)))
    .returning({ id: factories.id });
  if (saved.length === 0) return fail("no-factory");
  return ok(fields.value);
}
