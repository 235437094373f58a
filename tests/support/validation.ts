import { expect } from "vitest";
import { FieldValidationError } from "~/platform/validation.server";

/** The field errors a service refused the input with; fails the test when it did not refuse so. */
export async function validationErrors(
  promise: Promise<unknown>,
): Promise<Record<string, string[]>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FieldValidationError);
  return (error as FieldValidationError).fieldErrors;
}
