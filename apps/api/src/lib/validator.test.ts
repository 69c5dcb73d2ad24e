import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorKeepingEmptyQuery } from './validator';

const compile = (schema: z.ZodType, httpPart = 'querystring') =>
  validatorKeepingEmptyQuery({ schema, httpPart, method: 'GET', url: '/x' }) as (data: unknown) => {
    value: Record<string, unknown>;
    error?: unknown;
  };

const Query = z.object({
  page: z.coerce.number().int().min(1).default(1),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().optional(),
});

describe('validatorKeepingEmptyQuery', () => {
  it('answers an empty query with the defaults, a new object each time that no handler can spoil', () => {
    const validate = compile(Query);
    const first = validate({});
    expect(first.value).toEqual({ page: 1, sortOrder: 'desc' });
    first.value.page = 99;
    const second = validate(Object.create(null));
    expect(second.value).toEqual({ page: 1, sortOrder: 'desc' });
    expect(second.value).not.toBe(first.value);
    const third = validate({});
    third.value.search = 'x';
    expect(validate({}).value).toEqual({ page: 1, sortOrder: 'desc' });
  });

  it('validates a query with parameters as zod does, errors included', () => {
    const validate = compile(Query);
    validate({});
    expect(validate({ page: '3', search: 'a' }).value).toEqual({ page: 3, sortOrder: 'desc', search: 'a' });
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({}).value).toEqual({ page: 1, sortOrder: 'desc' });
  });

  it('refuses an empty query every time when the schema requires a parameter', () => {
    const validate = compile(z.object({ token: z.string().min(1) }));
    expect(validate({}).error).toBeDefined();
    expect(validate({}).error).toBeDefined();
  });

  it('parses anew where a default is an object, so no request shares it', () => {
    const validate = compile(z.object({ tags: z.array(z.string()).default([]) }));
    const first = validate({}).value;
    (first.tags as string[]).push('x');
    expect(validate({}).value).toEqual({ tags: [] });
  });

  it('leaves bodies and parameters to zod', () => {
    const validate = compile(z.object({ n: z.number().default(1) }), 'body');
    const first = validate({}).value;
    first.n = 5;
    expect(validate({}).value).toEqual({ n: 1 });
    expect(validate({ n: 'x' }).error).toBeDefined();
  });
});
