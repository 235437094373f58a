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
  route("profile", "routes/profile.tsx"),
  route("logout", "routes/logout.ts"),
  route("api/auth/*", "routes/api.auth.ts"),
  route("uploads/*", "routes/uploads.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
