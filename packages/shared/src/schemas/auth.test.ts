import { describe, expect, it } from 'vitest';
import { CompanyUpdateRequest, Phone, PostalCode, VatId } from './auth';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('company contact formats', () => {
  it.each(['', '+49 89 1234560', '089/123 456-7', '(030) 12.34.56', '+1 (555) 010-9999'])(
    'takes the phone number %j',
    (phone) => {
      expect(Phone.safeParse(phone).success).toBe(true);
    },
  );

  it.each(['abc-not-a-phone', '+49 89 call me', '12', '<script>'])('refuses the phone number %j', (phone) => {
    expect(messageOf(Phone.safeParse(phone))).toBe('invalid_phone');
  });

  it('takes postal codes of several countries and refuses other text', () => {
    for (const code of ['', '80802', '1010', 'SW1A 1AA', '28001', '00-950']) {
      expect(PostalCode.safeParse(code).success, code).toBe(true);
    }
    for (const code of ['8', 'München', '80802!', '-80802']) {
      expect(messageOf(PostalCode.safeParse(code)), code).toBe('invalid_postal_code');
    }
  });

  it('takes a VAT ID with its country code, spaces ignored, and refuses one without', () => {
    for (const id of ['', 'DE123456789', 'DE 123 456 789', 'ATU12345678', 'NL123456789B01']) {
      expect(VatId.safeParse(id).success, id).toBe(true);
    }
    for (const id of ['12', '123456789', 'DE', 'DE12345678901234567']) {
      expect(messageOf(VatId.safeParse(id)), id).toBe('invalid_vat_id');
    }
  });

  it('checks them in the company details, field by field', () => {
    const result = CompanyUpdateRequest.safeParse({
      companyName: 'Sonnenbau GmbH',
      address: 'Leopoldstraße 1',
      city: 'München',
      postalCode: 'ABCDE-123456',
      phone: 'abc-not-a-phone <script>',
      email: '',
      website: '',
      vatId: '12',
      description: '',
      serviceRadiusKm: 80,
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(fields).toEqual({
      postalCode: 'invalid_postal_code',
      phone: 'invalid_phone',
      vatId: 'invalid_vat_id',
    });
  });
});
