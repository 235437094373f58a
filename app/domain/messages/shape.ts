/**
 * The shape every locale's catalogue must have: the Russian namespace's keys, with each string
 * widened to `string` and each function keeping its parameters. A key missing or misspelt in
 * another locale is a type error (`tsc` in `npm test`).
 */
export type Translation<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : T extends readonly unknown[]
      ? { readonly [I in keyof T]: Translation<T[I]> }
      : { readonly [K in keyof T]: Translation<T[K]> };
