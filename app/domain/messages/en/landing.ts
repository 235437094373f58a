import type { landing as ru } from "../landing";
import type { Translation } from "../shape";
import { factoriesTitle } from "./shared";

export const landing: Translation<typeof ru> = {
  hero: {
    eyebrow: "The platform for sewing factories and wholesale buyers",
    title: "The B2B marketplace for textiles and clothing",
    subtitle:
      "We connect wholesale suppliers with buyers worldwide: direct contacts with factories, competitive prices and quality products.",
    seller: "I’m a seller",
    buyer: "I’m a buyer",
  },
  capabilities: {
    title: "What the platform offers",
    subtitle: "Everything you need to find a manufacturer and agree an order",
    cards: [
      {
        title: "Smart search",
        text: "Filter by line of business, country and city, or search by product name, to find the right factories fast.",
      },
      {
        title: "Direct contact",
        text: "Each factory’s phone, email, WhatsApp and Telegram are on its page. Deal with them directly, with no middlemen.",
      },
      {
        title: "Reliable partnerships",
        text: "Factories whose documents our team has checked carry the “Verified factory” badge, and portfolios show real products, prices and lead times.",
      },
      {
        title: "International reach",
        text: "Manufacturers from Central Asia, the Caucasus, Eastern Europe and the Baltics: 15 countries on one platform.",
      },
    ],
  },
  advantages: {
    title: "Why use the platform",
    cards: [
      {
        title: "No commission",
        text: "You contact factories directly, and the platform takes no cut of your deals.",
      },
      {
        title: "Tenders for production",
        text: "Describe your order (the garment, quantity and requirements) and factories will get in touch with you.",
      },
      {
        title: "Factory portfolios",
        text: "Product photos, prices, volumes and lead times help you judge a factory before you pick up the phone.",
      },
    ],
  },
  whyUs: {
    title: "Why choose us",
    cards: [
      {
        title: "Direct contact",
        text: "You deal with the manufacturer directly, with no middlemen or mark-ups.",
      },
      {
        title: "Verified factories",
        text: "Our team checks factories and gives verified ones a badge, so you can show only those in the catalogue.",
      },
      {
        title: "Wide reach",
        text: "15 countries, from Kyrgyzstan and Uzbekistan to Georgia and the Baltics.",
      },
      {
        title: "Quick start",
        text: "Handy filters help you find a factory in minutes, and signing up takes no more than 5 minutes.",
      },
    ],
  },
  categories: {
    title: "Categories",
    subtitle: "Choose a category to see its manufacturers",
    factoriesTile: factoriesTitle,
    factoriesTileText: "Garments of any complexity, from knitwear to outerwear",
    goToCategory: "Go to category",
    viewAllFactories: "View all factories",
    allText:
      "Outerwear, knitwear, dresses, sportswear and workwear: manufacturers from 15 countries in one catalogue.",
  },
  stats: {
    factories: "Factories on the platform",
    countries: "Countries",
    tenders: "Active tenders",
  },
  cta: {
    title: "Ready to start?",
    text: "Register your factory and get orders from wholesale buyers, or find a manufacturer for your collection.",
    registerSupplier: "Sign up as a supplier",
    findManufacturer: "Find a manufacturer",
  },
  factoriesIllustration: "A sewing factory: rolls of fabric and finished clothes",
};
