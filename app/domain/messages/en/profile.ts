import type { AccountHoldings } from "../../account-holdings";
import { CONTACT_EXAMPLES } from "../../contacts";
import type { profile as ru } from "../profile";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const profile: Translation<typeof ru> = {
  factoryTitle: "Factory profile",
  buyerTitle: "My profile",
  loading: "Loading...",
  loginRequired: "Sign in to open your profile",
  saved: "Profile updated",
  saveFailed: "Couldn’t save your profile",
  updateFailed: "Couldn’t update your profile",
  factoryLoadFailed: "Couldn’t load the factory details",
  dataLoadFailed: "Something went wrong while loading the data",
  userLoadFailed: "Couldn’t load the user details",
  problems: {
    "no-profile": "This account has no profile",
    "deletion-failed":
      "Couldn’t delete the profile: nothing was deleted, please try again a little later",
  },
  factory: {
    logo: "Logo",
    uploadLogo: "Upload logo",
    name: "Factory name",
    namePlaceholder: "For example, “Ala-Too Textile”",
    nameRequired: "Enter the factory name",
    email: "Email",
    phone: "Phone",
    website: "Website",
    country: "Country",
    city: "City",
    address: "Address",
    instagram: "Instagram",
    telegram: "Telegram",
    whatsapp: "WhatsApp",
    categories: "Lines of business",
    description: "Description",
    descriptionPlaceholder:
      "Tell buyers about your factory: what you make, volumes, equipment, minimum order",
    nameEn: "Name in English",
    descriptionEn: "Description in English",
    englishHint:
      "Buyers who read the site in English see these texts. Leave them empty to show the original.",
  },
  buyer: {
    avatar: "Profile photo",
    uploadAvatar: "Upload photo",
    name: "Name",
    nameRequired: "Enter your name",
    phone: "Phone",
    whatsapp: "WhatsApp",
    telegram: "Telegram",
    instagram: "Instagram",
    aboutMe: "About me",
    aboutMePlaceholder: "A few words about you or your company",
  },
  invalid: {
    email: "Enter a valid email address, such as name@company.com",
    phone: "Enter the phone number with the country code: 7 to 15 digits, e.g. +996 555 12 34 56",
    website: "Enter a website address, such as https://example.com",
    instagram: "Enter an Instagram username (such as @factory) or an instagram.com/… link",
    telegram: "Enter a Telegram username (such as @factory) or a t.me/… link",
    whatsapp: "Enter a WhatsApp number with the country code: 7 to 15 digits",
    country: "Choose a country from the list",
    city: "Choose a city from the list for the selected country",
    categories: "Choose lines of business from the list",
    tooLong: (max: number) => `No more than ${max} characters`,
  },
  cityFirst: "Choose a country first",
  countryPlaceholder: "Choose a country",
  cityPlaceholder: "Choose a city",
  save: "Save",
  saving: "Saving...",
  placeholders: CONTACT_EXAMPLES,
  dangerZone: {
    title: "Danger zone",
    /** What this account would lose, as it really is. */
    text: (h: AccountHoldings) => {
      const parts = [
        ...(h.factoryName ? [`the factory “${h.factoryName}”`] : []),
        ...(h.products ? [`${h.products} ${plural(h.products, "product", "products")}`] : []),
        ...(h.tenders ? [`${h.tenders} ${plural(h.tenders, "tender", "tenders")}`] : []),
        ...(h.quotes ? [`${h.quotes} ${plural(h.quotes, "quote", "quotes")}`] : []),
        ...(h.conversations
          ? [`${h.conversations} ${plural(h.conversations, "conversation", "conversations")}`]
          : []),
        ...(h.files ? [`${h.files} ${plural(h.files, "file", "files")}`] : []),
      ];
      if (parts.length === 0)
        return "Deleting your profile can’t be undone: your account will be deleted for good.";
      const list =
        parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
      const others = h.quotes
        ? " Quotes and their conversations are deleted for the other side too; factories that quoted on your tenders will be notified."
        : "";
      return `Deleting your profile can’t be undone. Everything in your account will be deleted with it: ${list}.${others}`;
    },
    button: "Delete profile",
    dialogTitle: "Delete your profile?",
    dialogText:
      "This can’t be undone. Your profile and all the data linked to it will be deleted for good.",
    cancel: "Cancel",
    confirm: "Delete for good",
  },
};
