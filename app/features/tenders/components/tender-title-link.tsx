import { Link } from "~/components/ui/link";

/** A tender's title (what its buyer wrote) as a link to its page, inside a heading. */
export function TenderTitleLink({
  tender,
  className = "break-words hover:text-brand-800 hover:underline",
}: {
  tender: { id: string; title: string };
  className?: string;
}) {
  return (
    <Link to={`/tenders/${tender.id}`} className={className} data-user-content>
      {tender.title}
    </Link>
  );
}
