import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, nextPageParam, type PageParam } from './page-params';

describe('nextPageParam', () => {
  it.each<[string, PageParam, PageParam]>([
    [
      'the first page is followed by the rest of the first thousand',
      FIRST_PAGE,
      { page: 1, limit: 1000, skip: 100 },
    ],
    [
      'a page of a thousand by the next',
      { page: 1, limit: 1000, skip: 100 },
      { page: 2, limit: 1000, skip: 0 },
    ],
    ['and so on', { page: 7, limit: 1000, skip: 0 }, { page: 8, limit: 1000, skip: 0 }],
  ])('%s', (_, param, want) => {
    expect(nextPageParam(param)).toEqual(want);
  });

  it('asks for every record once, in order', () => {
    const seen: number[] = [];
    let param = FIRST_PAGE;
    for (let call = 0; call < 5; call++) {
      const from = (param.page - 1) * param.limit + param.skip;
      const to = param.page * param.limit;
      for (let i = from; i < to; i++) seen.push(i);
      param = nextPageParam(param);
    }
    expect(seen).toEqual(Array.from({ length: 4000 }, (_, i) => i));
  });
});
