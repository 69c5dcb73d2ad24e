import { describe, expect, it } from 'vitest';
import { CustomerRequest } from './quotes';

/** A household's request as the public page sends it (Saarbrücken). */
const request = {
  firstName: 'Erika',
  lastName: 'Muster',
  email: 'erika@example.de',
  phone: '0681 123 456',
  address: 'Hauptstraße 1',
  postalCode: '66111',
  city: 'Saarbrücken',
  lat: 49.2354,
  long: 6.9969,
  people: 3,
  consumption: 4500,
  roofType: 'Gable',
  buildingType: 'Single-Family',
};

/** The first message per field of a refused request. */
function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const parsed = CustomerRequest.safeParse({ ...request, ...input });
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

describe('CustomerRequest (the public quote request)', () => {
  it('takes a household request, phone and postal code optional', () => {
    expect(CustomerRequest.safeParse(request).success).toBe(true);
    const { phone: _phone, postalCode: _postalCode, ...bare } = request;
    expect(CustomerRequest.parse(bare)).toMatchObject({ phone: '', postalCode: '' });
  });

  it('refuses a phone number and a postal code that are no such thing', () => {
    expect(errorsOf({ phone: 'call me maybe', postalCode: '!!!!!' })).toEqual({
      phone: 'invalid_phone',
      postalCode: 'invalid_postal_code',
    });
  });

  it('refuses an e-mail address longer than an address can be', () => {
    expect(Object.keys(errorsOf({ email: `${'a'.repeat(300)}@example.de` }))).toEqual(['email']);
  });

  it('says "required" for an empty street, and the length for one typed too short', () => {
    expect(errorsOf({ address: '  ' })).toEqual({ address: 'required' });
    // The size issue of its own, which the page and the API turn into "at least 3 characters".
    const short = CustomerRequest.safeParse({ ...request, address: 'ab' });
    const issues = short.success ? [] : short.error.issues;
    expect(issues).toEqual([expect.objectContaining({ code: 'too_small', path: ['address'], minimum: 3 })]);
    expect(issues[0]?.message).not.toBe('required');
  });
});
