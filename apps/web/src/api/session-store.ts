import { CONSTANTS } from '@solar/shared';

/** localStorage keys of SPEC §3 / §9, plus the expiry stamp that enforces the 24-day lifetime. */
export const STORAGE_KEYS = {
  token: 'auth_token',
  refreshToken: 'refresh_token',
  city: 'installer_city',
  expiresAt: 'auth_expires_at',
  language: 'preferredLanguage',
  reference: 'reference',
  /** Set by a logout until the next login: other tabs then end their session without "expired". */
  loggedOut: 'logged_out',
} as const;

const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.city,
  STORAGE_KEYS.expiresAt,
  STORAGE_KEYS.reference,
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const listeners = new Set<() => void>();
/** The page opened on a login whose 24 days had passed (dropped at start), until the next login. */
let expiredAtStart = false;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives for this page only.
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

function isExpired(): boolean {
  const expiresAt = Number(read(STORAGE_KEYS.expiresAt));
  return !Number.isFinite(expiresAt) || expiresAt <= Date.now();
}

/** The stored access token, or null when there is none or the 24-day login has expired. */
export function getToken(): string | null {
  const token = read(STORAGE_KEYS.token);
  return token && !isExpired() ? token : null;
}

/** The stored refresh token (same lifetime as the access token). */
export function getRefreshToken(): string | null {
  const token = read(STORAGE_KEYS.refreshToken);
  return token && !isExpired() ? token : null;
}

export function getInstallerCity(): string | null {
  return read(STORAGE_KEYS.city);
}

/** Stores a fresh login for 24 days (SPEC §4, §9) and notifies subscribers. */
export function saveLogin(input: { token: string; refreshToken: string; city: string | null }): void {
  write(STORAGE_KEYS.token, input.token);
  write(STORAGE_KEYS.refreshToken, input.refreshToken);
  write(STORAGE_KEYS.city, input.city);
  write(STORAGE_KEYS.expiresAt, String(Date.now() + CONSTANTS.authTokenDays * DAY_MS));
  write(STORAGE_KEYS.loggedOut, null);
  expiredAtStart = false;
  emit();
}

/** Replaces the token pair after a refresh; the login's expiry stays as it was. */
export function saveRefreshedTokens(input: { token: string; refreshToken: string }): void {
  write(STORAGE_KEYS.token, input.token);
  write(STORAGE_KEYS.refreshToken, input.refreshToken);
  emit();
}

/**
 * Removes every session value; the chosen language stays (it belongs to the browser, not the user).
 * A logout says so first, so another tab that sees its tokens go knows the user ended the session.
 */
export function clearSession(reason?: 'logout'): void {
  if (reason === 'logout') write(STORAGE_KEYS.loggedOut, '1');
  for (const key of SESSION_KEYS) write(key, null);
  expiredAtStart = false;
  emit();
}

/**
 * Drops a login whose 24 days have passed, so the next read starts logged out; the page then knows its
 * session expired ({@link sessionExpiredAtStart}) and the login says so.
 */
export function purgeExpiredSession(): void {
  if (read(STORAGE_KEYS.token) && isExpired()) {
    clearSession();
    expiredAtStart = true;
  }
}

/** True when the session was ended by a logout (in this tab or another) and nobody has logged in since. */
export function loggedOutByUser(): boolean {
  return read(STORAGE_KEYS.loggedOut) === '1';
}

/**
 * True when this page was opened (or reloaded) on a login that had run out, until the next login or
 * logout: the way to the login page then carries the "session expired" notice and the way back.
 */
export function sessionExpiredAtStart(): boolean {
  return expiredAtStart;
}

/** Subscribes to session changes, including logins and logouts in other tabs. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The reference value kept for the 'New project' link. */
export function getReference(): string | null {
  return read(STORAGE_KEYS.reference);
}

/** Keeps the `ref` query parameter of the landing URL, when there is one. */
export function captureReference(search: string): void {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  if (ref) write(STORAGE_KEYS.reference, ref.slice(0, 200));
}

export function getStoredLanguage(): string | null {
  return read(STORAGE_KEYS.language);
}

export function storeLanguage(language: string): void {
  write(STORAGE_KEYS.language, language);
}
