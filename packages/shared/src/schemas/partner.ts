import { z } from 'zod';
import { dataOf } from './common';

/**
 * A company's partner slug, as the portal's 'New project' link carries it (`/request?partner=sonnenbau`):
 * words of lowercase letters and digits joined by single hyphens, at most 100 characters. Spaces around
 * it and capitals (a link typed by hand) are forgiven; its output is the slug as the company has it.
 */
export const PartnerSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'invalid_partner_slug' });
export type PartnerSlug = z.infer<typeof PartnerSlug>;

/** GET /api/public/partner/:slug (public): whether a partner link names a company. */
export const PartnerLookupParams = z.object({ slug: PartnerSlug });
export type PartnerLookupParams = z.infer<typeof PartnerLookupParams>;
/** The company's display name, and nothing else about it: the page names who gets the request. */
export const PartnerLookupResponse = dataOf(z.object({ name: z.string() }));
export type PartnerLookupResponse = z.infer<typeof PartnerLookupResponse>;
