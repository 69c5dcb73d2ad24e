import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkResetPassword } from './reset-password-check';

// Returns the key and its options, so the test sees which message would be shown.
const t = ((key: string, options?: object) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('the new-password form check', () => {
  it('names both fields when the password is too short and the repetition differs', () => {
    const checked = checkResetPassword({ password: 'abc', confirm: 'xyz' }, t);
    expect(checked.errors?.password).toContain('password_too_short');
    expect(checked.errors?.confirm).toBe('validation.passwordsDontMatch');
  });

  it('asks for the repetition when only the password is filled in', () => {
    const checked = checkResetPassword({ password: 'Strong-Passw0rd-2026', confirm: '' }, t);
    expect(checked).toEqual({ errors: { confirm: 'validation.passwordsDontMatch' } });
  });

  it('names only the password when it is too short but typed the same twice', () => {
    const checked = checkResetPassword({ password: 'abc', confirm: 'abc' }, t);
    expect(Object.keys(checked.errors ?? {})).toEqual(['password']);
  });

  it('passes a long enough password typed twice', () => {
    expect(
      checkResetPassword({ password: 'Strong-Passw0rd-2026', confirm: 'Strong-Passw0rd-2026' }, t),
    ).toEqual({
      body: { password: 'Strong-Passw0rd-2026' },
    });
  });
});
