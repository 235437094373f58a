/**
 * Why a product's use case (products.server.ts) refused: each code with its kind, so its HTTP
 * status (app/http/reply.server.ts). Pure: pages may name the type.
 */
import { type ProblemOf, problems } from "~/domain/outcome";

export const PRODUCT_PROBLEMS = problems({
  /** The form breaks a rule of its schema (said by field). */
  invalid: "invalid",
  /** The signed-in account is not a factory. */
  "not-factory": "forbidden",
  /** A factory account without its factory record yet (it fills in its profile first). */
  "no-factory": "forbidden",
  /** The product is not one of the actor's (or does not exist). */
  "not-found": "missing",
  /** "Add pictures" without a picture. */
  "no-photos": "refused",
  /** More pictures than MAX_PRODUCT_IMAGES. */
  "too-many-photos": "refused",
  /** The pictures were stored but could not be added (they are removed again). */
  "photos-failed": "failed",
  /** The picture to take off is not on the actor's product. */
  "picture-not-removed": "missing",
});

export type ProductProblem = ProblemOf<typeof PRODUCT_PROBLEMS>;
