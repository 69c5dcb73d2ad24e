import { describe, expect, it } from 'vitest';
import { PartnerSlug } from './partner';

describe('PartnerSlug (the partner link of the quote request page)', () => {
  it.each([
    ['sonnenbau', 'sonnenbau'],
    ['test-1a2b3c4d', 'test-1a2b3c4d'],
    ['  Sonnenbau ', 'sonnenbau'],
    ['solar-2-go', 'solar-2-go'],
  ])('takes %j as %j', (input, slug) => {
    expect(PartnerSlug.parse(input)).toBe(slug);
  });

  it.each([
    ['', 'required'],
    ['sonnen bau', 'invalid_partner_slug'],
    ['-sonnenbau', 'invalid_partner_slug'],
    ['sonnen--bau', 'invalid_partner_slug'],
    ['sonnenbau/../admin', 'invalid_partner_slug'],
    ['%27%20or%201=1', 'invalid_partner_slug'],
    ['sönnenbau', 'invalid_partner_slug'],
  ])('refuses %j with %j', (input, message) => {
    const result = PartnerSlug.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a slug longer than 100 characters', () => {
    expect(PartnerSlug.safeParse('a'.repeat(100)).success).toBe(true);
    expect(PartnerSlug.safeParse('a'.repeat(101)).error?.issues[0]?.code).toBe('too_big');
  });
});
