import { type ReactNode, useState } from "react";
import { ProductImage } from "~/components/product-visuals";
import { common } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

/**
 * Every picture of a row (a product, a tender): a large one and, when there are several, all of
 * them as thumbnails that switch it (links to the full picture without JavaScript).
 */
export function PictureGallery({
  label,
  name,
  urls,
  gridClass,
}: {
  /** The section's accessible name. */
  label: string;
  /** The row's name, for the pictures' alt text. */
  name: string;
  urls: readonly string[];
  /** The thumbnails' grid columns (e.g. `grid-cols-4`). */
  gridClass: string;
}) {
  const m = useMessages({ common });
  const [active, setActive] = useState(0);
  const current = urls[active] ?? urls[0];
  return (
    // data-gallery…: on an HTML-first page the constant dialog script switches the picture.
    <section aria-label={label} className="min-w-0" data-gallery="">
      <div className="overflow-hidden rounded-xl border border-slate-200" data-gallery-main="">
        <ProductImage
          key={current ?? "none"}
          url={current}
          alt={current ? m.common.photoAlt(name, active + 1) : name}
          large
          eager
        />
      </div>
      {urls.length > 1 && (
        <ul className={cn("mt-2 grid", gridClass, "gap-2")}>
          {urls.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                aria-current={index === active || undefined}
                data-gallery-picture=""
                data-alt={m.common.photoAlt(name, index + 1)}
                onClick={(event) => {
                  event.preventDefault();
                  setActive(index);
                }}
                className={cn(
                  "block overflow-hidden rounded-lg border-2",
                  index === active
                    ? "border-brand-600"
                    : "border-transparent hover:border-slate-300",
                )}
              >
                <ProductImage url={url} alt={m.common.photoAlt(name, index + 1)} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A row's pictures beside its details (above them on a phone), in its dialog or on its page.
 * Without pictures, `optional` leaves the gallery out and the details take the whole width;
 * otherwise the gallery shows the row's placeholder picture.
 */
export function GalleryBeside({
  id,
  label,
  name,
  urls,
  gridClass,
  optional = false,
  className,
  children,
}: {
  /** The row's id: a new row starts at its first picture. */
  id: string;
  label: string;
  name: string;
  urls: readonly string[];
  gridClass: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const gallery = urls.length > 0 || !optional;
  return (
    <div
      className={cn(
        "grid gap-6",
        gallery && "md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]",
        className,
      )}
    >
      {gallery && (
        <PictureGallery key={id} label={label} name={name} urls={urls} gridClass={gridClass} />
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
