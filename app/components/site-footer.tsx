import { Link } from "~/components/ui/link";
import { footer } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/** The copyright line carries a fixed year (docs/product.md, "Constants"). */
export const COPYRIGHT_YEAR = 2025;

export function SiteFooter({ siteName }: { siteName: string }) {
  const m = useMessages({ footer });
  const infoLinks = [
    { to: "/about", label: m.footer.aboutLink },
    { to: "/contact", label: m.footer.contact },
    { to: "/articles", label: m.footer.articles },
    { to: "/support-project", label: m.footer.supportProject },
    { to: "/privacy", label: m.footer.privacy },
    { to: "/terms", label: m.footer.terms },
  ];
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-extrabold text-lg text-slate-900">
            {siteName}
          </h2>
          <p className="mt-3 max-w-sm text-slate-600 text-sm leading-6">{m.footer.about}</p>
        </section>
        <FooterLinks
          id="footer-categories"
          title={m.footer.categoriesTitle}
          links={[{ to: "/factories", label: m.footer.factories }]}
          className="mt-3 space-y-2 text-sm"
        />
        <FooterLinks
          id="footer-info"
          title={m.footer.infoTitle}
          links={infoLinks}
          className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1"
        />
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-5 text-slate-500 text-xs sm:px-6 lg:px-8">
          {m.footer.copyright(COPYRIGHT_YEAR, siteName)}
        </p>
      </div>
    </footer>
  );
}

/** A titled column of the footer's links; `className` is the list's. */
function FooterLinks({
  id,
  title,
  links,
  className,
}: {
  id: string;
  title: string;
  links: { to: string; label: string }[];
  className: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-slate-900 text-sm">
        {title}
      </h2>
      <ul className={className}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-slate-600 hover:text-brand-700">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
