import type { FieldMetadata } from "@conform-to/react";
import { EnglishTexts } from "~/components/english-texts";
import { TextareaField, TextField } from "~/components/ui/form-fields";

/**
 * The English name and description of a form that has them (a product, a factory's profile), in
 * their EnglishTexts group.
 */
export function EnglishTextFields({
  fields,
  labels,
}: {
  fields: Record<"nameEn" | "descriptionEn", FieldMetadata<unknown>>;
  labels: { englishHint: string; nameEn: string; descriptionEn: string };
}) {
  return (
    <EnglishTexts
      hint={labels.englishHint}
      name={<TextField field={fields.nameEn} label={labels.nameEn} lang="en" />}
      description={
        <TextareaField
          field={fields.descriptionEn}
          label={labels.descriptionEn}
          rows={4}
          lang="en"
        />
      }
    />
  );
}
