import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * `shouldRevalidate` for a list page whose details dialog lives in one query parameter
 * (`?tender=`, `?product=`): opening or closing the dialog changes only that parameter, so the
 * page's data stays as it is. Anything else revalidates as React Router would.
 */
export function keepDataWhenOnlyChanging(param: string) {
  const without = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(param);
    params.sort();
    return params.toString();
  };
  return ({
    currentUrl,
    nextUrl,
    formMethod,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs): boolean => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    if (without(currentUrl) === without(nextUrl)) return false;
    return defaultShouldRevalidate;
  };
}
