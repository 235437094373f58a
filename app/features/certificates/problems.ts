/**
 * What can stop a use case of certificates, each problem with its kind (and so its HTTP status,
 * app/http/reply.server.ts). Codes only: their words are `certificates.problems`.
 */
import { failures, type ProblemOf, problems } from "~/domain/outcome";

export const CERTIFICATE_PROBLEMS = problems({
  /** A field of the form breaks its rule (said by the field). */
  invalid: "invalid",
  /** The account has no factory (or its owner is blocked). */
  "no-factory": "forbidden",
  /** No such certificate of the actor's factory (or a malformed id); for an admin, none at all. */
  "not-found": "missing",
  /** The factory has this certification already: it replaces the file instead. */
  "already-added": "conflict",
  "file-required": "invalid",
  /** Only an admin decides about a certificate. */
  "not-admin": "forbidden",
  /** An admin's decision on a certificate that is not pending any more. */
  "already-decided": "conflict",
  /** Writing failed after the file was stored (it is removed again). */
  "save-failed": "failed",
});
export type CertificateProblem = ProblemOf<typeof CERTIFICATE_PROBLEMS>;
export const certificateFailure = failures(CERTIFICATE_PROBLEMS);
