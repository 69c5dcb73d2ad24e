/**
 * Adds query parameters (null and undefined are left out) to a URL given by the API; null when the URL is
 * missing or not http(s).
 */
export function withParams(
  base: string | undefined,
  params: Record<string, string | null | undefined>,
): string | null {
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(base, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.set(key, value);
  }
  return url.toString();
}
