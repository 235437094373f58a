/**
 * Fields the product and tender schemas share: an amount of money (a price, a budget) and the
 * pictures chosen with a new row.
 */
import { z } from "zod";
import { asList, decimalText } from "./base";

/** An optional amount with at most two decimals, up to `max`, with the form's own messages. */
export function amountField(
  max: number,
  messages: { invalid: string; step: string; tooLarge: string },
) {
  return z.preprocess(
    decimalText,
    z
      .string({ message: messages.invalid })
      .regex(/^\d+(\.\d+)?$/, { message: messages.invalid, abort: true })
      .regex(/^\d+(\.\d{1,2})?$/, messages.step)
      .transform(Number)
      .refine((amount) => amount <= max, messages.tooLarge)
      .optional(),
  );
}

/** The pictures sent with a row's first save: at most `max` files, each checked by `file`. */
export function chosenPicturesField<Item extends z.ZodType>(
  file: Item,
  max: number,
  tooMany: string,
) {
  return z.preprocess(
    (value) =>
      asList(value).filter(
        // An empty file input sends one nameless, empty file.
        (item) => !(typeof File !== "undefined" && item instanceof File && item.size === 0),
      ),
    z.array(file).max(max, tooMany),
  );
}
