/**
 * The pieces of reviews (decision 033): the stars of a mark, one review with its
 * 'подтвержденный заказ' badge and the factory's answer, the forms of the order page (the
 * buyer's review, the factory's answer, an admin's hiding: plain posts that work without
 * JavaScript) and the factory page's section with its figures and pages.
 */
import { getFormProps } from "@conform-to/react";
import { BadgeCheck, EyeOff, MessageSquareReply, Star } from "lucide-react";
import { Form } from "react-router";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { FieldError, FormAlert } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { type LastResult, useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { reviews } from "~/domain/catalogue";
import { formatDate, formatNumber } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import type { FactoryReviews, OrderReview, ReviewView } from "~/features/reviews/reviews.server";
import {
  answerSchema,
  hideSchema,
  REVIEW_CRITERIA,
  REVIEW_MARKS,
  type ReviewIntent,
  reviewSchema,
} from "~/features/reviews/schema";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

/** '4,7' in Russian, '4.7' in English. */
export function ratingText(value: number, locale: Locale): string {
  return formatNumber(Math.round(value * 10) / 10, locale);
}

/** Five stars, `value` of them filled (rounded to a half); the words are for screen readers. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  const rounded = Math.round(value * 2) / 2;
  return (
    <span
      role="img"
      aria-label={m.reviews.rating(ratingText(value, locale))}
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            "size-4",
            n <= rounded
              ? "fill-amber-400 text-amber-400"
              : n - 0.5 === rounded
                ? "fill-amber-200 text-amber-400"
                : "fill-slate-200 text-slate-300",
          )}
        />
      ))}
    </span>
  );
}

/** The card's rating: stars, the mean and the count; nothing without reviews. */
export function CardRating({
  rating,
  count,
}: {
  rating: number | null | undefined;
  count: number | undefined;
}) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  if (!count || rating == null) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-slate-700 text-sm" data-testid="card-rating">
      <SpriteIcon name="star" className="size-4 text-amber-500" />
      <span className="sr-only">{m.reviews.cardLabel(ratingText(rating, locale), count)}</span>
      <span aria-hidden="true">
        <span className="font-semibold text-slate-900">{ratingText(rating, locale)}</span>
        <span className="text-slate-500"> · {m.reviews.count(count)}</span>
      </span>
    </p>
  );
}

/** One review: who, when, the badge, the marks, the text, the factory's answer. */
export function ReviewItem({
  review,
  showHidden = false,
}: {
  review: ReviewView;
  showHidden?: boolean;
}) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  const t = m.reviews;
  const mean = (review.quality + review.communication + review.onTime) / 3;
  return (
    <article className="grid gap-2" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={mean} />
        <span className="font-semibold text-slate-900 text-sm">
          {review.buyerName === null ? (
            t.deletedUser
          ) : (
            <span data-user-content>{review.buyerName}</span>
          )}
        </span>
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800 text-xs ring-1 ring-emerald-200">
          <BadgeCheck className="size-3.5" aria-hidden="true" />
          {t.verifiedOrder}
        </span>
        <time dateTime={review.createdAt} className="text-slate-500 text-xs">
          {formatDate(review.createdAt, { locale })}
        </time>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
        {REVIEW_CRITERIA.map((criterion) => (
          <div key={criterion} className="flex gap-1">
            <dt>{t.criteria[criterion]}:</dt>
            <dd className="font-semibold text-slate-900">{review[criterion]}</dd>
          </div>
        ))}
      </dl>
      <p className="whitespace-pre-line break-words text-slate-800 text-sm" data-user-content>
        {review.text}
      </p>
      {showHidden && review.hidden && (
        <p
          className="flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-slate-700 text-sm"
          role="note"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t.hidden}. {t.hiddenReason("")}
            <span data-user-content>{review.hidden.reason}</span>
          </span>
        </p>
      )}
      {review.answer && (
        <div
          className="ml-3 grid gap-1 border-brand-200 border-l-2 pl-3"
          data-testid="review-answer"
        >
          <p className="flex items-center gap-1.5 font-semibold text-slate-900 text-sm">
            <MessageSquareReply className="size-4 text-brand-700" aria-hidden="true" />
            {t.answerBy(review.factoryName)}
          </p>
          <p className="whitespace-pre-line break-words text-slate-700 text-sm" data-user-content>
            {review.answer}
          </p>
        </div>
      )}
    </article>
  );
}

/** The last reply, when it answered the form of `intent`. */
function resultFor(intent: ReviewIntent, lastResult: LastResult): LastResult {
  const values = (lastResult as { initialValue?: Record<string, unknown> } | null | undefined)
    ?.initialValue;
  return values?.intent === intent ? lastResult : undefined;
}

/** The buyer's review: a group of five marks per criterion and the text. */
export function ReviewForm({ orderId, lastResult }: { orderId: string; lastResult: LastResult }) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  const t = m.reviews;
  const [form, fields] = useSchemaForm(reviewSchema(locale), resultFor("review", lastResult), {
    id: "order-review",
  });
  // Posted to the page's own language, so the answer (and its toast) stays in it.
  const action = useLocalizedHref()(`/orders/${orderId}`);
  const busy = useIsSubmitting(action);
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="grid gap-4 rounded-2xl border border-brand-200 bg-white p-4 sm:p-5"
      aria-label={t.form.title}
    >
      <input type="hidden" name="intent" value="review" />
      <div>
        <h2 className="font-bold text-lg text-slate-900">{t.form.title}</h2>
        <p className="text-slate-600 text-sm">{t.form.text}</p>
      </div>
      <FormAlert message={form.errors?.[0]} />
      <div className="grid gap-4 sm:grid-cols-3">
        {REVIEW_CRITERIA.map((criterion) => {
          const field = fields[criterion];
          const chosen = typeof field.initialValue === "string" ? field.initialValue : "";
          const errorId = `${field.id}-error`;
          return (
            <fieldset
              key={criterion}
              className="grid gap-1.5"
              aria-invalid={field.errors?.length ? true : undefined}
              aria-describedby={field.errors?.length ? errorId : undefined}
            >
              <legend className="mb-1 font-medium text-slate-800 text-sm">
                {t.criteria[criterion]}
              </legend>
              {REVIEW_MARKS.map((mark) => (
                <label
                  key={mark}
                  className="flex min-h-9 cursor-pointer items-center gap-2 text-slate-700 text-sm"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={String(mark)}
                    defaultChecked={chosen === String(mark)}
                    required
                    className="size-4 accent-brand-700"
                  />
                  {t.marks[mark]}
                </label>
              ))}
              <FieldError id={errorId} errors={field.errors} />
            </fieldset>
          );
        })}
      </div>
      <TextareaField field={fields.text} label={t.form.field} rows={4} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t.sending : t.form.submit}
        </Button>
      </div>
    </Form>
  );
}

/** The factory's answer, or an admin's hiding with its reason: one text and a button. */
export function ReviewTextForm({
  orderId,
  intent,
  lastResult,
}: {
  orderId: string;
  intent: "answer-review" | "hide-review";
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  const t = m.reviews;
  const texts = intent === "answer-review" ? t.answer : t.hide;
  const schema = intent === "answer-review" ? answerSchema(locale) : hideSchema(locale);
  const [form, fields] = useSchemaForm(schema, resultFor(intent, lastResult), {
    id: `order-${intent}`,
  });
  const field = (fields as Record<string, Parameters<typeof TextareaField>[0]["field"]>)[
    intent === "answer-review" ? "answer" : "reason"
  ];
  // Posted to the page's own language, so the answer (and its toast) stays in it.
  const action = useLocalizedHref()(`/orders/${orderId}`);
  const busy = useIsSubmitting(action);
  if (!field) return null;
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className={cn(
        "grid gap-3 rounded-xl border p-4",
        intent === "hide-review" ? "border-red-200" : "border-brand-200",
      )}
      aria-label={texts.title}
    >
      <input type="hidden" name="intent" value={intent} />
      <div>
        <h3 className="font-bold text-slate-900">{texts.title}</h3>
        <p className="text-slate-600 text-sm">{texts.text}</p>
      </div>
      <FormAlert message={form.errors?.[0]} />
      <TextareaField field={field} label={texts.field} rows={3} />
      <div>
        <Button
          type="submit"
          variant={intent === "hide-review" ? "destructive" : "primary"}
          disabled={busy}
        >
          {busy ? t.sending : texts.submit}
        </Button>
      </div>
    </Form>
  );
}

/** The order page's review part: the form, or the review with the answer and hide forms. */
export function OrderReviewSection({
  orderId,
  factoryId,
  part,
  lastResult,
}: {
  orderId: string;
  /** The factory's public page, while the factory exists. */
  factoryId: string | null;
  part: OrderReview;
  lastResult: LastResult;
}) {
  const m = useMessages({ reviews });
  const t = m.reviews;
  if (part.mayWrite) return <ReviewForm orderId={orderId} lastResult={lastResult} />;
  if (!part.review) return null;
  return (
    <CardSection id="order-review" title={t.order.title}>
      <div className="mt-3 grid gap-4">
        <ReviewItem review={part.review} showHidden />
        {factoryId && !part.review.hidden && (
          <p className="text-sm">
            <Link
              to={`/factory/${factoryId}#factory-reviews`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {t.order.onFactoryPage}
            </Link>
          </p>
        )}
        {part.mayAnswer && (
          <ReviewTextForm orderId={orderId} intent="answer-review" lastResult={lastResult} />
        )}
        {part.mayHide && (
          <ReviewTextForm orderId={orderId} intent="hide-review" lastResult={lastResult} />
        )}
      </div>
    </CardSection>
  );
}

/** The factory page's reviews: the figures, one page of reviews, the pages. */
export function FactoryReviewsSection({
  data,
  hrefFor,
}: {
  data: FactoryReviews;
  hrefFor: (page: number) => string;
}) {
  const locale = useLocale();
  const m = useMessages({ reviews });
  const t = m.reviews;
  const r = data.reputation;
  return (
    <CardSection id="factory-reviews" title={t.factoryPage.title} bodyClassName="mt-4">
      <div
        className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:grid-cols-2"
        data-testid="reputation"
      >
        <div>
          <p className="text-slate-500 text-xs">{t.factoryPage.average}</p>
          {r.rating !== null && r.averages ? (
            <>
              <p className="mt-1 flex items-center gap-2">
                <span className="font-extrabold text-2xl text-slate-900">
                  {ratingText(r.rating, locale)}
                </span>
                <Stars value={r.rating} />
                <span className="text-slate-600 text-sm">{t.count(r.count)}</span>
              </p>
              <dl className="mt-2 grid gap-1 text-sm">
                {REVIEW_CRITERIA.map((criterion) => (
                  <div key={criterion} className="flex justify-between gap-3">
                    <dt className="text-slate-600">{t.criteria[criterion]}</dt>
                    <dd className="font-semibold text-slate-900">
                      {formatNumber(r.averages?.[criterion] ?? 0, locale)}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="mt-1 text-slate-600 text-sm">{t.count(0)}</p>
          )}
        </div>
        <div>
          <p className="text-slate-500 text-xs">{t.factoryPage.onTime}</p>
          <p className="mt-1 font-extrabold text-2xl text-slate-900">
            {r.onTimePercent === null
              ? "—"
              : t.factoryPage.onTimeShare(r.onTimePercent, r.onTimeOrders, r.deliveredOrders)}
          </p>
          <p className="mt-1 text-slate-500 text-xs">
            {r.onTimePercent === null ? t.factoryPage.onTimeNone : t.factoryPage.onTimeNote}
          </p>
        </div>
      </div>
      {data.items.length === 0 ? (
        <p className="mt-4 text-slate-600 text-sm">{t.factoryPage.empty}</p>
      ) : (
        <ol className="mt-4 grid gap-5 divide-y divide-slate-100">
          {data.items.map((review) => (
            <li key={review.id} className="pt-5 first:pt-0">
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
      )}
      {data.pageCount > 1 && (
        <Pagination
          page={data.page}
          pageCount={data.pageCount}
          hrefFor={hrefFor}
          className="mt-5"
        />
      )}
    </CardSection>
  );
}
