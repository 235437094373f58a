/**
 * The rules of an order's steps (decision 032), shared by the services and the pages: which step
 * is due, whose it is, what each action moves it to, the planned dates set at the award and
 * whether the order is late. No I/O. (The steps and event kinds are defined once, in db/schema.ts.)
 */
import {
  ORDER_STEPS,
  ORDER_TERM_FIELDS,
  type OrderEventKind,
  type OrderStep,
  type OrderTermField,
} from "~db/schema";

export type OrderSide = "buyer" | "factory";

/** The steps an order is still open at: every step but its two ends. */
export type OpenStep = Exclude<OrderStep, "delivered" | "cancelled">;

export function isOpenStep(step: OrderStep): step is OpenStep {
  return step !== "delivered" && step !== "cancelled";
}

/** Who owes each open step. */
export const STEP_OWNER: Readonly<Record<OpenStep, OrderSide>> = {
  "sample-send": "factory",
  "sample-review": "buyer",
  production: "factory",
  quality: "factory",
  shipping: "factory",
  delivery: "buyer",
};

/** The actions that move an order one step (cancelling is apart: `mayCancel`). */
export type OrderAction = Exclude<OrderEventKind, "cancelled">;

/** Each action: the step it is done at, and the step it leads to. */
export const ORDER_ACTIONS: Readonly<Record<OrderAction, { at: OpenStep; to: OrderStep }>> = {
  "sample-sent": { at: "sample-send", to: "sample-review" },
  "sample-approved": { at: "sample-review", to: "production" },
  "sample-returned": { at: "sample-review", to: "sample-send" },
  "production-started": { at: "production", to: "quality" },
  "quality-passed": { at: "quality", to: "shipping" },
  shipped: { at: "shipping", to: "delivery" },
  delivered: { at: "delivery", to: "delivered" },
};

export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as OrderAction[];

export function isOrderAction(value: unknown): value is OrderAction {
  return typeof value === "string" && Object.hasOwn(ORDER_ACTIONS, value);
}

/** The actions `side` may take at `step` (none once delivered or cancelled). */
export function actionsAt(step: OrderStep, side: OrderSide): OrderAction[] {
  if (!isOpenStep(step) || STEP_OWNER[step] !== side) return [];
  return ORDER_ACTION_NAMES.filter((action) => ORDER_ACTIONS[action].at === step);
}

/** Either side may cancel until the goods are shipped. */
export function mayCancel(step: OrderStep): boolean {
  return isOpenStep(step) && step !== "delivery";
}

/** The step a new order starts at: the sample, when the quote offered one. */
export function firstStep(sampleAvailable: boolean): OrderStep {
  return sampleAvailable ? "sample-send" : "production";
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days the buyer is given to look at a sample before production is due to start. */
export const SAMPLE_REVIEW_DAYS = 7;
/** Days planned for the quality check after production starts, counted within the lead time. */
export const QUALITY_BEFORE_SHIPPING_DAYS = 5;
/** Days planned for the goods to travel. */
export const DELIVERY_DAYS = 14;
/** A sample's days when the quote offered a sample without saying when. */
export const DEFAULT_SAMPLE_DAYS = 14;

export interface OrderTerms {
  sampleAvailable: boolean;
  sampleDays: number | null;
  leadTimeDays: number;
}

export interface PlannedDates {
  samplePlannedAt: Date | null;
  productionPlannedAt: Date;
  qualityPlannedAt: Date;
  shippingPlannedAt: Date;
  deliveryPlannedAt: Date;
}

/**
 * The planned dates of an order awarded at `start`: the sample in its days, production starting
 * a week after it (at once without a sample), the goods shipped a lead time after production
 * starts, the quality check a few days before that, and delivered two weeks after shipping.
 */
export function plannedDates(start: Date, terms: OrderTerms): PlannedDates {
  const after = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);
  const sample = terms.sampleAvailable
    ? after(start, terms.sampleDays ?? DEFAULT_SAMPLE_DAYS)
    : null;
  const production = sample ? after(sample, SAMPLE_REVIEW_DAYS) : after(start, 1);
  const shipping = after(production, terms.leadTimeDays);
  const quality = after(
    shipping,
    -Math.min(QUALITY_BEFORE_SHIPPING_DAYS, Math.max(terms.leadTimeDays - 1, 0)),
  );
  return {
    samplePlannedAt: sample,
    productionPlannedAt: production,
    qualityPlannedAt: quality,
    shippingPlannedAt: shipping,
    deliveryPlannedAt: after(shipping, DELIVERY_DAYS),
  };
}

/** The planned date of the step now due (null when the order is over). */
export function plannedDateOf(
  step: OrderStep,
  dates: { [K in keyof PlannedDates]: Date | string | null },
): Date | null {
  const value = (() => {
    switch (step) {
      case "sample-send":
      case "sample-review":
        return dates.samplePlannedAt;
      case "production":
        return dates.productionPlannedAt;
      case "quality":
        return dates.qualityPlannedAt;
      case "shipping":
        return dates.shippingPlannedAt;
      case "delivery":
        return dates.deliveryPlannedAt;
      default:
        return null;
    }
  })();
  return value === null ? null : new Date(value);
}

/** The lists' groups of orders. */
export const ORDER_LIST_STATES = ["in-progress", "late", "delivered", "cancelled"] as const;
export type OrderListState = (typeof ORDER_LIST_STATES)[number];

export function isOrderListState(value: unknown): value is OrderListState {
  return typeof value === "string" && (ORDER_LIST_STATES as readonly string[]).includes(value);
}

/** Late: the order is open and the planned date of its due step has passed. */
export function isLate(
  step: OrderStep,
  dates: { [K in keyof PlannedDates]: Date | string | null },
  now: Date,
): boolean {
  if (!isOpenStep(step)) return false;
  const planned = plannedDateOf(step, dates);
  return planned !== null && planned.getTime() < now.getTime();
}

/** The group an order is listed in. */
export function listStateOf(
  step: OrderStep,
  dates: { [K in keyof PlannedDates]: Date | string | null },
  now: Date,
): OrderListState {
  if (step === "delivered") return "delivered";
  if (step === "cancelled") return "cancelled";
  return isLate(step, dates, now) ? "late" : "in-progress";
}

// ---------------------------------------------------------------------------------------------
// The terms changed by agreement (decision 034)

/** The planned dates a proposal may move, each with the last step at which it is still open. */
export const PLANNED_DATE_FIELDS = {
  samplePlannedAt: "sample-review",
  productionPlannedAt: "production",
  qualityPlannedAt: "quality",
  shippingPlannedAt: "shipping",
  deliveryPlannedAt: "delivery",
} as const satisfies Record<string, OpenStep>;
export type PlannedDateField = keyof typeof PLANNED_DATE_FIELDS;

export function isPlannedDateField(field: OrderTermField): field is PlannedDateField {
  return Object.hasOwn(PLANNED_DATE_FIELDS, field);
}

/** The order the planned dates must keep: each no earlier than the one before it. */
export const PLANNED_DATE_ORDER: readonly PlannedDateField[] = [
  "samplePlannedAt",
  "productionPlannedAt",
  "qualityPlannedAt",
  "shippingPlannedAt",
  "deliveryPlannedAt",
];

/** Whether the step a planned date belongs to is still ahead of (or at) the order's step. */
export function plannedDateOpen(field: PlannedDateField, step: OrderStep): boolean {
  if (!isOpenStep(step)) return false;
  return ORDER_STEPS.indexOf(step) <= ORDER_STEPS.indexOf(PLANNED_DATE_FIELDS[field]);
}

/** Terms may change by agreement until the order is delivered or cancelled. */
export function mayChangeTerms(step: OrderStep): boolean {
  return isOpenStep(step);
}

/** The terms a proposal form offers to change at `step` (the sample's only with a sample). */
export function changeableTerms(step: OrderStep, sampleAvailable: boolean): OrderTermField[] {
  if (!mayChangeTerms(step)) return [];
  return ORDER_TERM_FIELDS.filter((field) => {
    if (!sampleAvailable && (field === "samplePrice" || field === "sampleDays")) return false;
    if (!isPlannedDateField(field)) return true;
    if (field === "samplePlannedAt" && !sampleAvailable) return false;
    return plannedDateOpen(field, step);
  });
}
