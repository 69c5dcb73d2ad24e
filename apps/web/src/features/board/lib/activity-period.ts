/** The activity panel's periods: everything, or since the start of today, of 7 or of 30 days ago. */
export const ACTIVITY_PERIODS = ['all', 'today', 'week', 'month'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];

/**
 * The instant a period starts at (ISO 8601), in the browser's own time zone: midnight today, or
 * midnight 6 or 29 days before (so "last 7 days" is today and the six before); undefined for all.
 */
export function periodStart(period: ActivityPeriod, now = new Date()): string | undefined {
  if (period === 'all') return undefined;
  const back = period === 'today' ? 0 : period === 'week' ? 6 : 29;
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - back);
  return start.toISOString();
}
