import { pluralRu } from "../format";

/** plural(n, 'фабрика', 'фабрики', 'фабрик') — the Russian form for n. */
export const plural = (n: number, one: string, few: string, many: string): string =>
  pluralRu(n, [one, few, many]);
