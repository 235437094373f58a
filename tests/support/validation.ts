import { expect } from "vitest";
import type { Outcome } from "~/domain/outcome";
import { FieldValidationError } from "~/platform/validation.server";

/**
 * The field errors a service refused the input with: its "invalid" outcome, or the
 * FieldValidationError it threw; fails the test when it did not refuse so.
 */
export async function validationErrors(
  promise: Promise<unknown>,
): Promise<Record<string, string[]>> {
  const settled = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if ("value" in settled) {
    expect(settled.value).toMatchObject({ ok: false, problem: "invalid", kind: "invalid" });
    return (settled.value as { fieldErrors: Record<string, string[]> }).fieldErrors;
  }
  expect(settled.error).toBeInstanceOf(FieldValidationError);
  return (settled.error as FieldValidationError).fieldErrors;
}

/** The value of a use case's outcome; fails the test when it refused. */
export async function outcomeValue<T>(promise: Promise<Outcome<T, string>>): Promise<T> {
  const outcome = await promise;
  expect(outcome).toMatchObject({ ok: true });
  return (outcome as { value: T }).value;
}
