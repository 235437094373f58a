import { images } from "~/domain/catalogue";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import { useLocale, useMessages } from "~/lib/i18n";
import { useUploadProgress } from "~/lib/upload-progress";

/** Below this size an upload is over before a bar could say anything. */
const SHOWN_FROM = 256 * 1024;

const megabytes = (bytes: number, locale: Locale) =>
  (bytes / (1024 * 1024)).toLocaleString(LOCALE_INFO[locale].tag, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

/**
 * How much of a big upload has gone, under the control that sent it, while `active` (that
 * form or fetcher is submitting). Once every byte is sent, the server still checks and
 * re-encodes the pictures: the bar says so instead of sitting at 100%.
 */
export function UploadProgressBar({ active }: { active: boolean }) {
  const m = useMessages({ images });
  const locale = useLocale();
  const progress = useUploadProgress();
  if (!active || !progress || progress.total < SHOWN_FROM) return null;
  const percent = Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
  const text =
    progress.loaded >= progress.total
      ? m.images.progress.saving
      : m.images.progress.sent(
          percent,
          megabytes(progress.loaded, locale),
          megabytes(progress.total, locale),
        );
  return (
    <div className="grid w-full gap-1.5">
      <div
        role="progressbar"
        aria-label={m.images.progress.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p aria-hidden="true" className="text-slate-600 text-xs">
        {text}
      </p>
    </div>
  );
}
