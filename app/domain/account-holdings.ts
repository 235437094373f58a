/** What deleting the account would take with it, for the danger zone to say. */
export interface AccountHoldings {
  factoryName: string | null;
  products: number;
  tenders: number;
  /** Quotes that go: the account's own, and those on its tenders. */
  quotes: number;
  /** Those of the quotes with a conversation (at least one message). */
  conversations: number;
  /** Stored files of every kind (pictures, photos, PDFs), each counted once. */
  files: number;
}
