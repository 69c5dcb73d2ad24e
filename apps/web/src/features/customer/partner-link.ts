import { PartnerLookupResponse, PartnerSlug } from '@solar/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { isApiError } from '../../api/errors';

/** What the page knows of its `?partner=` link. */
export type PartnerLink =
  /** No partner link: an ordinary request for the installers nearby. */
  | { status: 'none' }
  /** Being looked up: a request sent meanwhile takes the slug along, and the server decides. */
  | { status: 'loading'; slug: string }
  /** A company has it: the request goes to that company. */
  | { status: 'found'; slug: string; name: string }
  /** No company has it, or it is no slug: the request goes to the installers nearby, without it. */
  | { status: 'unknown' }
  /**
   * The look-up failed (offline, the server busy, too many look-ups): the page names no one, and the
   * request takes the slug along for the server to decide, as before there was a look-up.
   */
  | { status: 'unresolved'; slug: string };

/** The answer of the look-up as react-query holds it. */
export interface PartnerLookup {
  data?: { name: string };
  error?: unknown;
}

/** The link's slug as the companies have it (trimmed, lowercase), or undefined when it is none. */
export function partnerSlugOf(raw: string | null): string | undefined {
  const parsed = PartnerSlug.safeParse(raw ?? '');
  return parsed.success ? parsed.data : undefined;
}

/** True for the look-up's "no company has this slug" (404) or "this is no slug" (400): final answers. */
function isUnknownPartner(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (error.status === 404 && error.code === 'partner_not_found') || error.status === 400;
}

/** The state of the page's partner link from the raw `?partner=` value and the look-up's answer. */
export function partnerLinkOf(raw: string | null, lookup: PartnerLookup): PartnerLink {
  if (!raw?.trim()) return { status: 'none' };
  const slug = partnerSlugOf(raw);
  if (!slug) return { status: 'unknown' };
  if (lookup.data) return { status: 'found', slug, name: lookup.data.name };
  if (lookup.error)
    return isUnknownPartner(lookup.error) ? { status: 'unknown' } : { status: 'unresolved', slug };
  return { status: 'loading', slug };
}

/** The slug a quote request sends: none when no company has it, so the request claims no partner. */
export function partnerToSend(link: PartnerLink): string | undefined {
  return link.status === 'loading' || link.status === 'found' || link.status === 'unresolved'
    ? link.slug
    : undefined;
}

/**
 * The subtitle's key for the page's partner link. It promises the installers nearby only when the
 * request goes to them (no link, or a link no company has); while the link is looked up, and once a
 * company has it or the look-up failed, it promises an offer without saying from whom (the note below
 * names the company). So the text changes at most once, from the neutral one to the nearby one.
 */
export function subtitleKeyOf(link: PartnerLink): 'subtitle' | 'subtitlePartner' {
  return goesToPartner(link) ? 'subtitlePartner' : 'subtitle';
}

/**
 * Whether the page speaks of one solar partner rather than the installers nearby (the subtitle, the
 * consent line, the success page's next steps): for a partner link, unless no company has it.
 */
export function goesToPartner(link: PartnerLink): boolean {
  return link.status !== 'none' && link.status !== 'unknown';
}

/**
 * GET /api/public/partner/{slug} (public): which company a partner link names, asked once as the page
 * opens. A refusal is the answer, not something to retry (each look-up counts against the address's
 * hourly limit on the server).
 */
export function usePartnerLink(raw: string | null): PartnerLink {
  const slug = partnerSlugOf(raw);
  const lookup = useQuery({
    queryKey: ['public-partner', slug] as const,
    queryFn: ({ signal }) =>
      api
        .get(`/public/partner/${encodeURIComponent(slug ?? '')}`, {
          signal,
          schema: PartnerLookupResponse,
          skipRefresh: true,
        })
        .then((r) => r.data),
    enabled: slug !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return partnerLinkOf(raw, { data: lookup.data, error: lookup.error ?? undefined });
}
