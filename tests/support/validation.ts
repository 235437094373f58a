import { expect } from "vitest";
import type { Outcome } from "~/domain/outcome";

/**
 * The field errors a use case refused the input with (its "invalid" outcome); fails the test
 * when it answered anything else or threw.
 */
export async function validationErrors(
  promise: Promise<unknown>,
): Promise<Record<string, string[]>> {
  const value = await promise;
  expect(value).toMatchObject({ ok: false, problem: "invalid", kind: "invalid" });
  return (value as { fieldErrors: Record<string, string[]> }).fieldErrors;
}

/** The value of a use case's outcome; fails the test when it refused. */
export async function outcomeValue<T>(promise: Promise<Outcome<T, string>>): Promise<T> {
  const outcome = await promise;
  expect(outcome).toMatchObject({ ok: true });
  return (outcome as { value: T }).value;
}
