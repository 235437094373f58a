/**
 * The message catalogue: every Russian string of the interface lives here, so a second language
 * is a new set of files with the same shape, not a hunt through components.
 *
 * Each namespace is its own module under `app/domain/messages/`, so a page ships only the
 * namespaces it uses: browser code imports the namespaces it needs
 * (`import { common } from "~/domain/messages/common"`) and builds a local
 * `const m = { common } as const`. This module puts them together as `m` for server code,
 * scripts and tests; importing it from browser code pulls the whole catalogue into the page.
 *
 * Strings kept from the original specification (docs/product.md) are copied exactly (punctuation,
 * "е" rather than "ё", "..." as three dots). Our own strings follow the same conventions for
 * consistency. Strings with parameters are functions.
 *
 * Reference data (countries, cities, categories, fabrics, colours, currencies) lives in its own
 * modules under `app/domain/`; this file holds interface text only.
 */

import { admin } from "./messages/admin";
import { attachments } from "./messages/attachments";
import { auth } from "./messages/auth";
import { capabilities } from "./messages/capabilities";
import { capabilityProfile } from "./messages/capability-profile";
import { certificates } from "./messages/certificates";
import { common } from "./messages/common";
import { conversations } from "./messages/conversations";
import { dashboard } from "./messages/dashboard";
import { deletion } from "./messages/deletion";
import { errors } from "./messages/errors";
import { factories } from "./messages/factories";
import { footer } from "./messages/footer";
import { images } from "./messages/images";
import { invitations } from "./messages/invitations";
import { landing } from "./messages/landing";
import { legacy } from "./messages/legacy";
import { mail } from "./messages/mail";
import { meta } from "./messages/meta";
import { nav } from "./messages/nav";
import { notFound } from "./messages/not-found";
import { notifications } from "./messages/notifications";
import { orders } from "./messages/orders";
import { products } from "./messages/products";
import { profile } from "./messages/profile";
import { quoteForm } from "./messages/quote-form";
import { quotes } from "./messages/quotes";
import { reviews } from "./messages/reviews";
import { saved } from "./messages/saved";
import { support } from "./messages/support";
import { tenderQuotes } from "./messages/tender-quotes";
import { tenders } from "./messages/tenders";
import { users } from "./messages/users";
import { verification } from "./messages/verification";

export const m = {
  common,
  orders,
  reviews,
  nav,
  footer,
  landing,
  auth,
  capabilities,
  certificates,
  capabilityProfile,
  invitations,
  mail,
  users,
  images,
  profile,
  deletion,
  factories,
  products,
  dashboard,
  admin,
  tenders,
  quotes,
  saved,
  quoteForm,
  tenderQuotes,
  attachments,
  conversations,
  legacy,
  support,
  notFound,
  notifications,
  errors,
  meta,
  verification,
} as const;

export type Messages = typeof m;
