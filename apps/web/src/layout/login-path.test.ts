import { describe, expect, it } from 'vitest';
import {
  forgetReturnPath,
  isSessionExpiredLogin,
  loginPath,
  REMEMBERED_RETURN_MS,
  rememberedReturnPath,
  rememberReturnPath,
  returnPathAfterLogin,
  safeReturnPath,
  sameOriginPath,
} from './login-path';

describe('safeReturnPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/listing?search=M%C3%BCnchen&page=2', '/listing?search=M%C3%BCnchen&page=2'],
    ['/projectview?id=42#offers', '/projectview?id=42#offers'],
    ['/tasks/', '/tasks/'],
    ['/', '/'],
  ])('keeps the path on this site %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/profile'],
    ['backslash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['absolute URL', 'https://evil.example/profile'],
    ['absolute URL of another scheme', 'javascript:alert(1)'],
    ['relative without slash', 'profile'],
    ['tab folded away by URL parsing', '/\t/evil.example'],
    ['newline folded away by URL parsing', '/\n/evil.example'],
    ['leading space', ' /profile'],
    ['dot segments collapsing to //', '/.//evil.example'],
    ['parent segments collapsing to //', '/a/..//evil.example'],
    ['the login page', '/login'],
    ['the login page with parameters', '/login?next=/profile'],
    ['the login page in capitals', '/LOGIN/'],
    ['the password reset', '/application/reset-password?token=x'],
    ['far too long', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('loginPath', () => {
  it('keeps only admin and email for a visitor', () => {
    expect(loginPath('?admin=true&email=x%40y.test&other=1')).toBe('/login?admin=true&email=x%40y.test');
    expect(loginPath('')).toBe('/login');
  });

  it('adds the expired notice and a safe return path for a session that ended', () => {
    const path = loginPath('?tab=2', { expired: true, next: '/listing?search=Berlin' });
    const url = new URL(path, 'https://portal.test');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('expired')).toBe('1');
    expect(url.searchParams.get('next')).toBe('/listing?search=Berlin');
    expect(isSessionExpiredLogin(url.search)).toBe(true);
    expect(returnPathAfterLogin(url.search)).toBe('/listing?search=Berlin');
  });

  it('drops an unsafe return path', () => {
    expect(loginPath('', { expired: true, next: '//evil.example' })).toBe('/login?expired=1');
    expect(loginPath('', { next: 'https://evil.example' })).toBe('/login');
  });
});

describe('returnPathAfterLogin', () => {
  it('reads a safe next and ignores open redirects', () => {
    expect(returnPathAfterLogin('?next=%2Fprofile')).toBe('/profile');
    expect(returnPathAfterLogin('?next=//evil.example')).toBeNull();
    expect(returnPathAfterLogin('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnPathAfterLogin('?next=%2F%5Cevil.example')).toBeNull();
    expect(returnPathAfterLogin('')).toBeNull();
  });

  it('tells an expired-session login from a plain one', () => {
    expect(isSessionExpiredLogin('?expired=1&next=%2Fprofile')).toBe(true);
    expect(isSessionExpiredLogin('?email=x%40y.test')).toBe(false);
  });
});

describe('the page a visitor opened, remembered for the login', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  };

  it('keeps a deep link for the next login, until it is used', () => {
    const store = memory();
    rememberReturnPath('/projectview?projectId=42#offers', store, 1_000);
    expect(rememberedReturnPath(store, 2_000)).toBe('/projectview?projectId=42#offers');
    forgetReturnPath(store);
    expect(rememberedReturnPath(store, 2_000)).toBeNull();
  });

  it('forgets it after half an hour', () => {
    const store = memory();
    rememberReturnPath('/mapview', store, 0);
    expect(rememberedReturnPath(store, REMEMBERED_RETURN_MS)).toBe('/mapview');
    expect(rememberedReturnPath(store, REMEMBERED_RETURN_MS + 1)).toBeNull();
  });

  it.each([
    ['another site', '//evil.example/profile'],
    ['the login itself', '/login?admin=true'],
    ['the home path', '/'],
  ])('does not keep %s, and drops what it kept before', (_, path) => {
    const store = memory();
    rememberReturnPath('/listing', store, 0);
    rememberReturnPath(path, store, 0);
    expect(rememberedReturnPath(store, 0)).toBeNull();
  });

  it('refuses a stored value that is not its own (edited by hand)', () => {
    const store = memory();
    store.setItem('login_return', JSON.stringify({ path: 'https://evil.example', at: 0 }));
    expect(rememberedReturnPath(store, 0)).toBeNull();
    store.setItem('login_return', 'not json');
    expect(rememberedReturnPath(store, 0)).toBeNull();
  });
});

describe('sameOriginPath (the success and cancel addresses of a checkout)', () => {
  const origin = 'https://portal.example';
  it.each([
    ['https://portal.example/profile?checkout=success', '/profile?checkout=success'],
    ['/profile?checkout=cancel', '/profile?checkout=cancel'],
  ])('follows %s on this site', (url, expected) => {
    expect(sameOriginPath(url, '/fallback', origin)).toBe(expected);
  });
  it.each([
    'https://evil.example/profile',
    'http://portal.example/profile',
    'https://portal.example.evil.example/',
    '//evil.example/x',
    '/\\evil.example/x',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://portal.example/.//evil.example',
    '/\t/evil.example',
    'not a url at all ::',
  ])('refuses %s and goes to the fallback', (url) => {
    expect(sameOriginPath(url, '/fallback', origin)).toBe('/fallback');
  });
});
