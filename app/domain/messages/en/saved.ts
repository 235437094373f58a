import type { saved as ru } from "../saved";
import type { Translation } from "../shape";

export const saved: Translation<typeof ru> = {
  meta: { title: "Saved" },
  page: {
    title: "Saved factories and searches",
    intro:
      "The factories you have saved, with your notes, and directory searches we email you about once a week when new factories match.",
    factoriesTitle: "Factories",
    noFactories:
      "You haven't saved any factories yet. Press “Save” on a factory's page or in the directory.",
    toDirectory: "Browse the factory directory",
    note: "Note",
    noteHint: "Only you can see it.",
    saveNote: "Save note",
    remove: "Remove",
    removeFactory: (name) => `Remove “${name}” from saved`,
    savedOn: (date) => `Saved on ${date}`,
    searchesTitle: "Searches",
    noSearches:
      "No saved searches. Search the directory and press “Save search”: we'll email you when new factories match.",
    open: "Open",
    wholeDirectory: "All factories",
    letters: "Weekly email about new factories",
    lettersOn: "Emails on",
    lettersOff: "Emails off",
    switchOff: "Turn emails off",
    switchOn: "Turn emails on",
    removeSearch: (what) => `Delete the search ${what}`,
    query: (text) => `“${text}”`,
    verifiedOnly: "verified only",
  },
  buttons: {
    save: "Save",
    saved: "Saved",
    unsave: "Remove from saved",
    saveFactory: (name) => `Save the factory “${name}”`,
    saveSearch: "Save search",
  },
  toasts: {
    factorySaved: "Factory saved.",
    factoryRemoved: "Factory removed from saved.",
    noteSaved: "Note saved.",
    searchSaved: "Search saved. We'll email you once a week about new factories that match.",
    searchRemoved: "Search deleted.",
    lettersOn: "Emails about new factories are on.",
    lettersOff: "Emails about new factories are off.",
    unknownIntent: "Unknown action. Reload the page and try again.",
  },
  errors: {
    factoryMissing: "No factory given.",
    noteTooLong: (max) => `The note is longer than ${max} characters.`,
  },
  problems: {
    "not-a-buyer": "Only buyers can save factories and searches.",
    "factory-not-found": "There is no such factory in the directory.",
    "not-saved": "This factory isn't among your saved ones.",
    "search-not-found": "There is no such saved search.",
    "too-many": "You have saved too many. Remove some and try again.",
  },
  letter: {
    subject: (count, what) =>
      count === 1
        ? `A new factory for your search ${what}`
        : `${count} new factories for your search ${what}`,
    intro: (what) =>
      `These factories joined the directory this week and match your search ${what}:`,
    open: "Open the search",
    unsubscribe: "Stop emails about this search",
  },
};
