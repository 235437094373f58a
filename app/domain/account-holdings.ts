/** What deleting the account would take with it, for the danger zone to say. */
export interface AccountHoldings {
  factoryName: string | null;
  products: number;
  tenders: number;
  images: number;
}
