import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { goesToPartner, partnerLinkOf, partnerToSend, subtitleKeyOf } from './partner-link';

const refusal = (status: number, code?: string) =>
  new ApiError({ status, message: 'x', errors: {}, ...(code ? { code } : {}) });
const offline = new ApiError({ status: 0, message: 'Server error', errors: {}, network: true });

// `subtitle` promises the installers nearby; `subtitlePartner` promises an offer without saying from whom.
describe("the request page's partner link", () => {
  it.each([
    ['no link', null, {}, { status: 'none' }, undefined, 'subtitle'],
    ['an empty link', '  ', {}, { status: 'none' }, undefined, 'subtitle'],
    [
      'a link being looked up',
      'sonnenbau',
      {},
      { status: 'loading', slug: 'sonnenbau' },
      'sonnenbau',
      'subtitlePartner',
    ],
    [
      'a company found',
      ' Sonnenbau ',
      { data: { name: 'Sonnenbau GmbH' } },
      { status: 'found', slug: 'sonnenbau', name: 'Sonnenbau GmbH' },
      'sonnenbau',
      'subtitlePartner',
    ],
    [
      'no company with it',
      'nobody',
      { error: refusal(404, 'partner_not_found') },
      { status: 'unknown' },
      undefined,
      'subtitle',
    ],
    [
      'refused as no slug by the server',
      'nobody',
      { error: refusal(400) },
      { status: 'unknown' },
      undefined,
      'subtitle',
    ],
    ['no slug at all (never asked)', 'sonnen bau!', {}, { status: 'unknown' }, undefined, 'subtitle'],
    [
      'offline',
      'sonnenbau',
      { error: offline },
      { status: 'unresolved', slug: 'sonnenbau' },
      'sonnenbau',
      'subtitlePartner',
    ],
    [
      'too many look-ups',
      'sonnenbau',
      { error: refusal(429, 'too_many_partner_lookups') },
      { status: 'unresolved', slug: 'sonnenbau' },
      'sonnenbau',
      'subtitlePartner',
    ],
    // A 404 of something else (a proxy, an older API without the route) says nothing about the company.
    [
      'a 404 without the reason',
      'sonnenbau',
      { error: refusal(404) },
      { status: 'unresolved', slug: 'sonnenbau' },
      'sonnenbau',
      'subtitlePartner',
    ],
  ] as const)('%s', (_name, raw, lookup, state, sent, subtitle) => {
    const link = partnerLinkOf(raw, lookup);
    expect(link).toEqual(state);
    expect(partnerToSend(link)).toBe(sent);
    expect(subtitleKeyOf(link)).toBe(subtitle);
    // The consent line and the next steps speak of one partner exactly where the subtitle does.
    expect(goesToPartner(link)).toBe(subtitle === 'subtitlePartner');
  });

  it('a slug a company has keeps the neutral subtitle from the look-up to its answer (no flash)', () => {
    const pending = subtitleKeyOf(partnerLinkOf('sonnenbau', {}));
    const answered = subtitleKeyOf(partnerLinkOf('sonnenbau', { data: { name: 'Sonnenbau GmbH' } }));
    expect(answered).toBe(pending);
  });
});
