import type { nav as ru } from "../nav";
import type { Translation } from "../shape";

export const nav: Translation<typeof ru> = {
  mainLabel: "Main navigation",
  skipToContent: "Skip to content",
  logoLabel: "Go to the home page",
  factories: "Factories",
  admin: "Admin",
  myProducts: "My products",
  orders: "Orders",
  myQuotes: "My quotes",
  myTenders: "My tenders",
  savedFactories: "Saved",
  viewTenders: "Tenders",
  placeTender: "Place a tender",
  login: "Sign in",
  register: "Sign up",
  profile: "Profile",
  factoryDashboard: "Factory dashboard",
  buyerDashboard: "Buyer dashboard",
  logout: "Sign out",
  adminLogout: "LOGOUT",
  superAdmin: "Super admin",
  accountMenu: "Account menu",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  languageOffer: {
    label: "Choose a language",
    text: "This page is also available in English.",
    accept: "Read it in English",
    decline: "Stay on this version",
  },
};
