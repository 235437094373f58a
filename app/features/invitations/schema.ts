/** The invitation forms: the buyer's 'Пригласить' (one factory) and the factory's decline. */
import { z } from "zod";
import { invitations, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { blankToUndefined, perLocale, text } from "~/domain/schemas/base";
import { INVITATION_DECLINE_REASONS } from "~db/schema";

export { MAX_INVITATIONS_PER_TENDER } from "~/domain/limits";
export const MAX_DECLINE_NOTE = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const inviteSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { invitations }).invitations.errors;
  return z.object({
    factoryId: z.string({ message: t.factory }).regex(UUID, { message: t.factory }),
  });
});

export const declineInvitationSchema = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { invitations }).invitations.errors;
  return z
    .object({
      reason: z.enum(INVITATION_DECLINE_REASONS, { message: t.reason }),
      note: z.preprocess(
        blankToUndefined,
        text(locale)
          .max(MAX_DECLINE_NOTE, { message: t.noteTooLong(MAX_DECLINE_NOTE) })
          .optional(),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.reason === "other" && !value.note) {
        ctx.addIssue({ code: "custom", path: ["note"], message: t.noteRequired });
      }
    });
});
