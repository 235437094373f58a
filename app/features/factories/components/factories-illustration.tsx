import { landing } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/** A drawn (not downloaded) picture for the factories category tile: fabric rolls and a garment. */
export function FactoriesIllustration({ className }: { className?: string }) {
  const m = useMessages({ landing });
  return (
    <svg
      viewBox="0 0 400 300"
      role="img"
      aria-label={m.landing.factoriesIllustration}
      className={className}
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="400" height="300" fill="var(--color-brand-100)" />
      <circle cx="330" cy="60" r="90" fill="var(--color-brand-200)" />
      <rect x="0" y="220" width="400" height="80" fill="var(--color-brand-300)" />
      {/* fabric rolls */}
      <g>
        <rect x="40" y="150" width="120" height="36" rx="18" fill="var(--color-accent-500)" />
        <circle cx="58" cy="168" r="18" fill="var(--color-accent-700)" />
        <circle cx="58" cy="168" r="6" fill="var(--color-accent-100)" />
        <rect x="60" y="186" width="120" height="36" rx="18" fill="var(--color-brand-600)" />
        <circle cx="78" cy="204" r="18" fill="var(--color-brand-800)" />
        <circle cx="78" cy="204" r="6" fill="var(--color-brand-100)" />
        <rect x="20" y="186" width="40" height="36" rx="18" fill="var(--color-brand-500)" />
      </g>
      {/* shirt on a hanger */}
      <g transform="translate(215 70)">
        <path
          d="M70 0 q-10 0 -10 10 M60 10 l-40 22 h100 z"
          fill="none"
          stroke="var(--color-brand-900)"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path
          d="M20 34 l30 -6 q20 18 40 0 l30 6 l28 40 l-24 14 l-12 -14 v92 h-84 v-92 l-12 14 l-24 -14 z"
          fill="white"
          stroke="var(--color-brand-900)"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path
          d="M70 46 v110"
          stroke="var(--color-brand-300)"
          strokeWidth="3"
          strokeDasharray="6 6"
        />
        <circle cx="70" cy="70" r="3" fill="var(--color-brand-700)" />
        <circle cx="70" cy="96" r="3" fill="var(--color-brand-700)" />
        <circle cx="70" cy="122" r="3" fill="var(--color-brand-700)" />
      </g>
      {/* thread and needle */}
      <path
        d="M300 250 q40 -30 80 -10"
        fill="none"
        stroke="var(--color-accent-700)"
        strokeWidth="3"
      />
      <path
        d="M376 236 l18 -26"
        stroke="var(--color-brand-900)"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
