/**
 * Records in the first `/task/filter` call: a few screens. The board shows them without first
 * reading, checking and grouping a thousand records (the first render was the page's longest task).
 */
export const FIRST_PAGE_SIZE = 100;
/** Records per later call (the API's maximum). */
export const PAGE_SIZE = 1000;

/** One `/task/filter` call: `page` and `limit` as the API takes them; its first `skip` records are loaded already. */
export interface PageParam {
  page: number;
  limit: number;
  skip: number;
}

export const FIRST_PAGE: PageParam = { page: 1, limit: FIRST_PAGE_SIZE, skip: 0 };

/** The call after `param`: the records from where it ended, in pages of PAGE_SIZE. */
export function nextPageParam(param: PageParam): PageParam {
  const end = param.page * param.limit;
  return { page: Math.floor(end / PAGE_SIZE) + 1, limit: PAGE_SIZE, skip: end % PAGE_SIZE };
}
