import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FieldError, FormAlert } from "~/components/ui/field";
import { allErrorsOf, NumberField } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import {
  type LastResult,
  useIsSubmitting,
  useSchemaForm,
  valuesOf,
} from "~/components/use-schema-form";
import {
  LANGUAGE_VALUES,
  MARKET_VALUES,
  MATERIAL_VALUES,
  SERVICE_VALUES,
} from "~/domain/capabilities";
import { capabilities, capabilityProfile } from "~/domain/catalogue";
import type { Capabilities } from "~/features/factories/capabilities.server";
import { CAPABILITY_BOUNDS, capabilitySchema } from "~/features/factories/capability-schema";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

export const CAPABILITIES_PATH = "/profile/capabilities";

const text = (n: number | null | undefined) => (n == null ? "" : String(n));

/**
 * The factory's capability profile: the numbers a buyer decides by and the lists of what it
 * offers, as groups of checkboxes. A plain post form: it works without JavaScript.
 */
export function CapabilityForm({
  value,
  lastResult,
}: {
  value: Capabilities;
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const m = useMessages({ capabilityProfile, capabilities });
  const t = m.capabilityProfile;
  const labels = m.capabilities;
  const href = useLocalizedHref();
  const busy = useIsSubmitting(href(CAPABILITIES_PATH));
  const [form, fields] = useSchemaForm(capabilitySchema(locale), lastResult, {
    id: "capabilities",
    defaultValue: {
      minOrder: text(value.minOrder),
      monthlyCapacity: text(value.monthlyCapacity),
      leadTimeDays: text(value.leadTimeDays),
      sampleDays: text(value.sampleDays),
      staffCount: text(value.staffCount),
      foundedYear: text(value.foundedYear),
      services: value.services,
      materials: value.materials,
      exportMarkets: value.exportMarkets,
      languages: value.languages,
    },
  });
  const bounds = (name: keyof typeof CAPABILITY_BOUNDS) => ({
    min: String(CAPABILITY_BOUNDS[name][0]),
    max: String(CAPABILITY_BOUNDS[name][1]),
  });
  return (
    <Form
      method="post"
      action={href(CAPABILITIES_PATH)}
      className="space-y-7"
      {...getFormProps(form)}
    >
      <FormAlert message={form.errors?.[0]} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          field={fields.minOrder}
          label={t.fields.minOrder}
          hint={t.fields.minOrderHint}
          {...bounds("minOrder")}
        />
        <NumberField
          field={fields.monthlyCapacity}
          label={t.fields.monthlyCapacity}
          {...bounds("monthlyCapacity")}
        />
        <NumberField
          field={fields.leadTimeDays}
          label={t.fields.leadTimeDays}
          hint={t.fields.leadTimeHint}
          {...bounds("leadTimeDays")}
        />
        <NumberField
          field={fields.sampleDays}
          label={t.fields.sampleDays}
          {...bounds("sampleDays")}
        />
        <NumberField
          field={fields.staffCount}
          label={t.fields.staffCount}
          {...bounds("staffCount")}
        />
        <NumberField
          field={fields.foundedYear}
          label={t.fields.foundedYear}
          {...bounds("foundedYear")}
        />
      </div>
      <Choices
        id={fields.services.id}
        name={fields.services.name}
        legend={t.fields.services}
        values={SERVICE_VALUES}
        labels={labels.services}
        checked={valuesOf(fields.services.initialValue)}
        errors={allErrorsOf(fields.services)}
      />
      <Choices
        id={fields.materials.id}
        name={fields.materials.name}
        legend={t.fields.materials}
        values={MATERIAL_VALUES}
        labels={labels.materials}
        checked={valuesOf(fields.materials.initialValue)}
        errors={allErrorsOf(fields.materials)}
        columns={3}
      />
      <Choices
        id={fields.exportMarkets.id}
        name={fields.exportMarkets.name}
        legend={t.fields.exportMarkets}
        values={MARKET_VALUES}
        labels={labels.markets}
        checked={valuesOf(fields.exportMarkets.initialValue)}
        errors={allErrorsOf(fields.exportMarkets)}
        columns={3}
      />
      <Choices
        id={fields.languages.id}
        name={fields.languages.name}
        legend={t.fields.languages}
        values={LANGUAGE_VALUES}
        labels={labels.languages}
        checked={valuesOf(fields.languages.initialValue)}
        errors={allErrorsOf(fields.languages)}
        columns={3}
      />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? t.saving : t.save}
      </Button>
    </Form>
  );
}

/** A group of checkboxes sharing one name, labelled by its legend. */
function Choices<V extends string>({
  id,
  name,
  legend,
  values,
  labels,
  checked,
  errors,
  columns = 2,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  values: readonly V[];
  labels: Record<V, string>;
  checked: readonly string[];
  errors: string[];
  columns?: 2 | 3;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      id={id}
      aria-describedby={errors.length ? errorId : undefined}
      aria-invalid={errors.length ? true : undefined}
    >
      <legend className="font-medium text-slate-800 text-sm">{legend}</legend>
      <div
        className={
          columns === 3
            ? "mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
            : "mt-2 grid gap-2 sm:grid-cols-2"
        }
      >
        {values.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.includes(value)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span className="text-slate-800">{labels[value]}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}

/** On the factory's profile: the way to its capability profile. */
export function CapabilityLink() {
  const t = useMessages({ capabilityProfile }).capabilityProfile;
  return (
    <section
      aria-labelledby="capabilities-link"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8"
    >
      <h2 id="capabilities-link" className="font-bold text-lg text-slate-900">
        {t.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{t.intro}</p>
      <Link
        to={CAPABILITIES_PATH}
        className={buttonVariants({ variant: "secondary", className: "mt-4" })}
      >
        {t.editLink}
      </Link>
    </section>
  );
}
