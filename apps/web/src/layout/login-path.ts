/** Query parameters that survive the redirect to /login (the admin-mode link, SPEC §2). */
const KEPT_ON_LOGIN_REDIRECT = ['admin', 'email'] as const;

/** `/login` with only the `admin` and `email` parameters of `search`. */
export function loginPath(search: string): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of KEPT_ON_LOGIN_REDIRECT) {
    const value = from.get(key);
    if (value !== null) kept.set(key, value);
  }
  const qs = kept.toString();
  return qs ? `/login?${qs}` : '/login';
}
