/** Query parameters that survive the redirect to /login (the admin-mode link, SPEC §2). */
const KEPT_ON_LOGIN_REDIRECT = ['admin', 'email'] as const;

/** The login page's parameters for a session that ended: the notice, and where to return afterwards. */
export const LOGIN_PARAMS = { expired: 'expired', next: 'next' } as const;

/** Pages a return path must not lead to: back to the login (or the other logged-out forms) is no return. */
const NO_RETURN_PATHS = ['/login', '/register', '/forgot-password', '/application/reset-password'];

/** Any origin will do: only whether a path stays on it matters. */
const PROBE_ORIGIN = 'https://portal.invalid';

/** Backslashes count as slashes in URLs; control characters and spaces are dropped or trimmed. */
function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/u.test(char)) return true;
  }
  return false;
}

/**
 * `value` as a path on this site to return to after logging in, or null when it is none: only a relative
 * path starting with a single `/` passes, so `//evil.example`, `/\evil.example`, `https://…`,
 * `javascript:…` and paths with control characters (which URL parsing drops, turning `/\t/x` into `//x`)
 * are refused, as are the login and the other logged-out pages.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative path (`/.//evil.example` is `//evil.example`).
  if (path.startsWith('//')) return null;
  const pathname = url.pathname.replace(/\/+$/, '').toLowerCase() || '/';
  if (NO_RETURN_PATHS.includes(pathname)) return null;
  return path;
}

/**
 * `url` as a path on this site (`origin`) to navigate to, or `fallback` when it leads elsewhere: for
 * addresses the server hands back to follow (a checkout's success and cancel pages), which must never
 * send the user to another site.
 */
export function sameOriginPath(url: string, fallback: string, origin = window.location.origin): string {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return fallback;
  }
  if (parsed.origin !== origin || hasUnsafeCharacter(url)) return fallback;
  return safeReturnPath(`${parsed.pathname}${parsed.search}${parsed.hash}`) ?? fallback;
}

export interface LoginRedirect {
  /** The session ended (expired, rejected): the login page says so. */
  expired?: boolean;
  /** Where the user was; kept as `next` when it is a safe path on this site ({@link safeReturnPath}). */
  next?: string | null;
}

/**
 * `/login` with only the `admin` and `email` parameters of `search`; for a session that ended also the
 * notice (`expired=1`) and the page to come back to (`next`).
 */
export function loginPath(search: string, redirect: LoginRedirect = {}): string {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of KEPT_ON_LOGIN_REDIRECT) {
    const value = from.get(key);
    if (value !== null) kept.set(key, value);
  }
  if (redirect.expired) kept.set(LOGIN_PARAMS.expired, '1');
  const next = safeReturnPath(redirect.next);
  if (next) kept.set(LOGIN_PARAMS.next, next);
  const qs = kept.toString();
  return qs ? `/login?${qs}` : '/login';
}

/**
 * The login for a session that ended at `location`: with the notice and the way back to that page
 * (its path, query and hash).
 */
export function expiredLoginPath(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return loginPath(location.search, { expired: true, next });
}

/** Where a login that reached the page with `search` continues: its safe `next`, else null (the home route). */
export function returnPathAfterLogin(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(LOGIN_PARAMS.next));
}

/** True when the login page was opened because a session ended. */
export function isSessionExpiredLogin(search: string): boolean {
  return new URLSearchParams(search).get(LOGIN_PARAMS.expired) === '1';
}

/**
 * The page a visitor without a session opened (a link from a notification e-mail, a bookmark): kept in
 * the tab's session storage, not in the address, so the login stays `/login` with only the parameters
 * of SPEC §2, and the login continues there. Older than {@link REMEMBERED_RETURN_MS}, it is forgotten.
 */
const REMEMBERED_RETURN_KEY = 'login_return';
export const REMEMBERED_RETURN_MS = 30 * 60_000;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage turned off: the login goes to the home route, as before
  }
}

/** Remembers `path` (when it is a safe path on this site and not the home `/`) for the next login. */
export function rememberReturnPath(path: string, store = tabStore(), now = Date.now()): void {
  const safe = safeReturnPath(path);
  if (!store) return;
  if (!safe || safe === '/') {
    store.removeItem(REMEMBERED_RETURN_KEY);
    return;
  }
  store.setItem(REMEMBERED_RETURN_KEY, JSON.stringify({ path: safe, at: now }));
}

/** The remembered page, when there is a fresh and safe one; null otherwise. */
export function rememberedReturnPath(store = tabStore(), now = Date.now()): string | null {
  const raw = store?.getItem(REMEMBERED_RETURN_KEY);
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number') return null;
    if (now - at > REMEMBERED_RETURN_MS || at > now) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/** Forgets the remembered page (it was used, or the user logged out). */
export function forgetReturnPath(store = tabStore()): void {
  store?.removeItem(REMEMBERED_RETURN_KEY);
}
