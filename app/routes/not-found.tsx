import { data } from "react-router";
import { common } from "~/domain/messages/common";
import { meta as metaMessages } from "~/domain/messages/meta";
import { notFound } from "~/domain/messages/not-found";
import { ErrorScreen } from "~/root";
import type { Route } from "./+types/not-found";

const m = { common, meta: metaMessages, notFound } as const;

// Any path no other route claims: HTTP 404 with the path and a link home.
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: decodeURIComponent(new URL(request.url).pathname) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  {
    title: m.common.pageTitle(m.meta.notFound, matches[0]?.loaderData?.site.siteName ?? "Fabricum"),
  },
  { name: "robots", content: "noindex" },
];

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <ErrorScreen status={404} title={m.notFound.title} text={m.notFound.text(loaderData.path)} />
  );
}
