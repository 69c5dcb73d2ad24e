import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { partnerLinkOf, partnerToSend } from './partner-link';

const refusal = (status: number, code?: string) =>
  new ApiError({ status, message: 'x', errors: {}, ...(code ? { code } : {}) });
const offline = new ApiError({ status: 0, message: 'Server error', errors: {}, network: true });

describe("the request page's partner link", () => {
  it.each([
    ['no link', null, {}, { status: 'none' }, undefined],
    ['an empty link', '  ', {}, { status: 'none' }, undefined],
    ['a link being looked up', 'sonnenbau', {}, { status: 'loading', slug: 'sonnenbau' }, 'sonnenbau'],
    [
      'a company found',
      ' Sonnenbau ',
      { data: { name: 'Sonnenbau GmbH' } },
      { status: 'found', slug: 'sonnenbau', name: 'Sonnenbau GmbH' },
      'sonnenbau',
    ],
    [
      'no company with it',
      'nobody',
      { error: refusal(404, 'partner_not_found') },
      { status: 'unknown' },
      undefined,
    ],
    ['refused as no slug by the server', 'nobody', { error: refusal(400) }, { status: 'unknown' }, undefined],
    ['no slug at all (never asked)', 'sonnen bau!', {}, { status: 'unknown' }, undefined],
    ['offline', 'sonnenbau', { error: offline }, { status: 'unresolved', slug: 'sonnenbau' }, 'sonnenbau'],
    [
      'too many look-ups',
      'sonnenbau',
      { error: refusal(429, 'too_many_partner_lookups') },
      { status: 'unresolved', slug: 'sonnenbau' },
      'sonnenbau',
    ],
    // A 404 of something else (a proxy, an older API without the route) says nothing about the company.
    [
      'a 404 without the reason',
      'sonnenbau',
      { error: refusal(404) },
      { status: 'unresolved', slug: 'sonnenbau' },
      'sonnenbau',
    ],
  ] as const)('%s', (_name, raw, lookup, state, sent) => {
    const link = partnerLinkOf(raw, lookup);
    expect(link).toEqual(state);
    expect(partnerToSend(link)).toBe(sent);
  });
});
