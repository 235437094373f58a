/** Every English namespace of the message catalogue in one object (see ../pack.ts). */
import type { RussianPack } from "../pack";
import type { Translation } from "../shape";
import { admin } from "./admin";
import { attachments } from "./attachments";
import { auth } from "./auth";
import { capabilities } from "./capabilities";
import { capabilityProfile } from "./capability-profile";
import { certificates } from "./certificates";
import { common } from "./common";
import { conversations } from "./conversations";
import { dashboard } from "./dashboard";
import { deletion } from "./deletion";
import { errors } from "./errors";
import { factories } from "./factories";
import { footer } from "./footer";
import { images } from "./images";
import { invitations } from "./invitations";
import { landing } from "./landing";
import { legacy } from "./legacy";
import { mail } from "./mail";
import { meta } from "./meta";
import { nav } from "./nav";
import { notFound } from "./not-found";
import { notifications } from "./notifications";
import { orders } from "./orders";
import { products } from "./products";
import { profile } from "./profile";
import { quoteForm } from "./quote-form";
import { quotes } from "./quotes";
import { reviews } from "./reviews";
import { saved } from "./saved";
import { support } from "./support";
import { tenderQuotes } from "./tender-quotes";
import { tenders } from "./tenders";
import { users } from "./users";
import { verification } from "./verification";

export const en: { readonly [K in keyof RussianPack]: Translation<RussianPack[K]> } = {
  admin,
  attachments,
  auth,
  capabilities,
  certificates,
  capabilityProfile,
  invitations,
  common,
  conversations,
  dashboard,
  deletion,
  errors,
  factories,
  footer,
  images,
  landing,
  legacy,
  mail,
  meta,
  nav,
  notFound,
  notifications,
  orders,
  products,
  profile,
  quoteForm,
  quotes,
  reviews,
  saved,
  support,
  tenderQuotes,
  tenders,
  users,
  verification,
};
