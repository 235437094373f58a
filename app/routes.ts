import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The route table (docs/product.md describes each screen, docs/guides/routing.md the table). Every
// page also lives under /en in English (app/domain/locale.ts); the endpoints below are shared. The
// pages of a language sit under a layout that brings that language's texts to the browser.

/** The pages, in the default language at the root and again under each other language. */
function pages(locale?: string) {
  const id = (name: string) => (locale ? `${locale}/${name}` : name);
  return [
    index("routes/home.tsx", { id: id("routes/home") }),
    route("about", "routes/static-page.tsx", { id: id("about") }),
    route("contact", "routes/static-page.tsx", { id: id("contact") }),
    route("terms", "routes/static-page.tsx", { id: id("terms") }),
    route("privacy", "routes/static-page.tsx", { id: id("privacy") }),
    route("articles", "routes/articles.tsx", { id: id("routes/articles") }),
    route("login", "routes/login.tsx", { id: id("routes/login") }),
    route("register", "routes/register.tsx", { id: id("routes/register") }),
    route("forgot-password", "routes/forgot-password.tsx", { id: id("routes/forgot-password") }),
    route("reset-password", "routes/reset-password.tsx", { id: id("routes/reset-password") }),
    route("auth/verified", "routes/auth.verified.ts", { id: id("routes/auth.verified") }),
    route("factories", "routes/factories.tsx", { id: id("routes/factories") }),
    route("factory/:id", "routes/factory.tsx", { id: id("factory") }),
    route("factories/:id", "routes/factory.tsx", { id: id("factories-id") }),
    route("factory-products", "routes/factory-products.tsx", { id: id("routes/factory-products") }),
    route("factory-products/:id", "routes/factory-portfolio.tsx", {
      id: id("routes/factory-portfolio"),
    }),
    route("factory-dashboard", "routes/factory-dashboard.tsx", {
      id: id("routes/factory-dashboard"),
    }),
    route("buyer-dashboard", "routes/buyer-dashboard.tsx", { id: id("routes/buyer-dashboard") }),
    route("factory-dashboard/certificates", "routes/factory-certificates.tsx", {
      id: id("routes/factory-certificates"),
    }),
    route("profile", "routes/profile.tsx", { id: id("routes/profile") }),
    route("profile/capabilities", "routes/profile-capabilities.tsx", {
      id: id("routes/profile-capabilities"),
    }),
    route("notifications", "routes/notifications.tsx", { id: id("routes/notifications") }),
    route("notification-settings", "routes/notification-settings.tsx", {
      id: id("routes/notification-settings"),
    }),
    route("unsubscribe/:token", "routes/unsubscribe.tsx", { id: id("routes/unsubscribe") }),
    route("tenders", "routes/tenders.tsx", { id: id("routes/tenders") }),
    route("tenders/:id", "routes/tender.tsx", { id: id("routes/tender") }),
    route("tenders/:id/quote", "routes/tender-quote.tsx", { id: id("routes/tender-quote") }),
    route("my-quotes", "routes/my-quotes.tsx", { id: id("routes/my-quotes") }),
    route("place-tender", "routes/place-tender.tsx", { id: id("routes/place-tender") }),
    route("my-tenders", "routes/my-tenders.tsx", { id: id("routes/my-tenders") }),
    route("my-tenders/:id", "routes/my-tender.tsx", { id: id("routes/my-tender") }),
    route("my-tenders/:id/invitations", "routes/tender-invitations.tsx", {
      id: id("routes/tender-invitations"),
    }),
    route("tenders/:id/invitation", "routes/tender-invitation.tsx", {
      id: id("routes/tender-invitation"),
    }),
    route("saved-factories", "routes/saved-factories.tsx", { id: id("routes/saved-factories") }),
    route("quotes/:id", "routes/quote-conversation.tsx", { id: id("routes/quote-conversation") }),
    route("orders", "routes/orders.tsx", { id: id("routes/orders") }),
    route("orders/:id", "routes/order.tsx", { id: id("routes/order") }),
    route("admin", "routes/admin.tsx", { id: id("routes/admin") }),
    route("admin/verifications", "routes/admin-verifications.tsx", {
      id: id("routes/admin-verifications"),
    }),
    route("admin/certificates", "routes/admin-certificates.tsx", {
      id: id("routes/admin-certificates"),
    }),
    route("admin/disputes", "routes/admin-disputes.tsx", { id: id("routes/admin-disputes") }),
    route("logout", "routes/logout.ts", { id: id("routes/logout") }),
    route("clothing", "routes/legacy.clothing.tsx", { id: id("routes/legacy.clothing") }),
    route("clothing/:id", "routes/legacy.item.tsx", { id: id("clothing-item") }),
    route("textile", "routes/legacy.textile.tsx", { id: id("routes/legacy.textile") }),
    route("textile/:id", "routes/legacy.item.tsx", { id: id("textile-item") }),
    route("clothing-seller-dashboard", "routes/legacy.seller-dashboard.tsx", {
      id: id("clothing-seller-dashboard"),
    }),
    route("textile-seller-dashboard", "routes/legacy.seller-dashboard.tsx", {
      id: id("textile-seller-dashboard"),
    }),
    route("clothing-products", "routes/legacy.products.tsx", { id: id("clothing-products") }),
    route("textile-products", "routes/legacy.products.tsx", { id: id("textile-products") }),
    route("clothing-seller-products", "routes/legacy.products.tsx", {
      id: id("clothing-seller-products"),
    }),
    route("supplier", "routes/legacy.supplier.tsx", { id: id("routes/legacy.supplier") }),
    route("support-project", "routes/support-project.tsx", { id: id("routes/support-project") }),
  ];
}

export default [
  layout("routes/layout.ru.tsx", { id: "layout/ru" }, [
    ...pages(),
    route("*", "routes/not-found.tsx", { id: "routes/not-found" }),
  ]),
  route("en", "routes/layout.en.tsx", { id: "layout/en" }, [
    ...pages("en"),
    route("*", "routes/not-found.tsx", { id: "en/routes/not-found" }),
  ]),
  route("api/auth/*", "routes/api.auth.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("live", "routes/live.ts"),
  route("attachments/:quoteId/:file", "routes/attachments.ts"),
  route("order-files/:orderId/:file", "routes/order-files.ts"),
  route("verification-documents/:requestId/:file", "routes/verification-documents.ts"),
  route("certificate-files/:certificateId/:file", "routes/certificate-files.ts"),
  route("tenders/:id/tech-pack/:file", "routes/tender-tech-pack.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("language", "routes/language.ts"),
] satisfies RouteConfig;
