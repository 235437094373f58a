import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table mirrors SPEC.md section 2; screens arrive with their issues.
export default [
  index("routes/home.tsx"),
  route("about", "routes/static-page.tsx", { id: "about" }),
  route("contact", "routes/static-page.tsx", { id: "contact" }),
  route("terms", "routes/static-page.tsx", { id: "terms" }),
  route("privacy", "routes/static-page.tsx", { id: "privacy" }),
  route("articles", "routes/articles.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("auth/verified", "routes/auth.verified.ts"),
  route("factories", "routes/factories.tsx"),
  route("factory/:id", "routes/factory.tsx", { id: "factory" }),
  route("factories/:id", "routes/factory.tsx", { id: "factories-id" }),
  route("factory-products", "routes/factory-products.tsx"),
  route("factory-products/:id", "routes/factory-portfolio.tsx"),
  route("factory-dashboard", "routes/factory-dashboard.tsx"),
  route("profile", "routes/profile.tsx"),
  route("logout", "routes/logout.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
