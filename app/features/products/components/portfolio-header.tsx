import { MapPin, MessageCircle } from "lucide-react";
import { BackLink } from "~/components/ui/back-link";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { factories } from "~/domain/catalogue";
import { FactoryLogo } from "~/features/factories/components/factory-logo";
import { FactoryTitle } from "~/features/factories/components/verified-badge";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * The top of a factory's portfolio: the way back to the factory, its logo, name, place and number
 * of products, and the way to its contacts.
 */
export function PortfolioHeader({
  factory,
  total,
}: {
  factory: {
    id: string;
    name: string;
    logoUrl: string | null;
    verified: boolean;
    country: string | null;
    city: string | null;
  };
  /** How many products the portfolio has. */
  total: number;
}) {
  const locale = useLocale();
  const t = useMessages({ factories }).factories.portfolio;
  const where = locationText(factory.country, factory.city, locale);
  return (
    <div className="border-slate-200 border-b bg-white">
      <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-7 sm:px-6 sm:pb-9 lg:px-8">
        <BackLink to={`/factories/${factory.id}`}>{t.backToFactory}</BackLink>
        <div className="mt-5 flex items-center gap-4 sm:gap-5">
          <FactoryLogo url={factory.logoUrl} name={factory.name} alt="" size={80} loading="eager" />
          <div className="min-w-0">
            <p className="font-semibold text-brand-700 text-xs uppercase tracking-widest">
              {t.title}
            </p>
            <FactoryTitle factory={factory} className="mt-1" />
            <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 text-sm">
              {where && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                  {where}
                </span>
              )}
              <span data-testid="portfolio-count">{t.productsCount(total)}</span>
            </div>
            <Link
              to={`/factory/${factory.id}#factory-contacts`}
              className={buttonVariants({ variant: "primary", size: "sm", className: "mt-4" })}
            >
              <MessageCircle aria-hidden="true" />
              {t.contactFactory}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
