import { LoginRequest } from '@solar/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../lib/errors';
import { checkLogin, type LoginFields } from './login-check';

// Returns the key and its options, so the test sees which message would be shown.
const t = ((key: string, options?: object) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

const CASES: LoginFields[] = [
  { email: '', password: '' },
  { email: '   ', password: 'x' },
  { email: ' Anna.Berg@Example.DE ', password: 'secret' },
  { email: 'a@b', password: 'x' },
  { email: 'a@b.c', password: 'x' },
  { email: 'a@b.de', password: ' ' },
  { email: 'a..b@example.de', password: 'x' },
  { email: '.a@example.de', password: 'x' },
  { email: 'a.@example.de', password: 'x' },
  { email: "o'neil+news@sub.example.org", password: 'x' },
  { email: 'ä@example.de', password: 'x' },
  { email: 'a@-example.de', password: 'x' },
  { email: 'a@example-.de', password: 'x' },
  { email: 'a b@example.de', password: 'x' },
  { email: 'a@@example.de', password: 'x' },
  { email: 'a@example.d3', password: 'x' },
  { email: `${'a'.repeat(242)}@example.de`, password: 'x'.repeat(256) },
  { email: `${'a'.repeat(243)}@example.de`, password: 'x'.repeat(257) },
  { email: `  ${'a'.repeat(242)}@example.de  `, password: '' },
  { email: 'not-an-email', password: 'x'.repeat(300) },
];

describe('the login form check', () => {
  it.each(CASES)('agrees with the shared LoginRequest schema: %j', (values) => {
    const parsed = LoginRequest.safeParse(values);
    const checked = checkLogin(values, t);
    if (parsed.success) expect(checked).toEqual({ body: parsed.data });
    else expect(checked).toEqual({ errors: fieldErrorsOf(parsed.error.issues, t) });
  });
});
