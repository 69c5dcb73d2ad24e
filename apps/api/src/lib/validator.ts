import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type Values = Record<string, unknown>;

/** No parameters at all: Fastify's parsed query string of a URL without one (or with `?` alone). */
function isEmpty(data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  for (const _ in data) return false;
  return true;
}

/** Every value a primitive (or absent): a shallow copy then shares nothing with another. */
function isFlat(value: unknown): value is Values {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const v of Object.values(value)) if (v !== null && typeof v === 'object') return false;
  return true;
}

/**
 * The routes' validator: zod through fastify-type-provider-zod, except that a query string with no
 * parameters (the listing's first page, the totals) is answered with a copy of its
 * first result instead of zod building the same defaults again on every request (about 2 % of a
 * small answer's work). Only a result of primitive values is kept, so each request gets its own
 * object and shares nothing a handler could change; a schema that refuses an empty query refuses
 * it every time.
 */
export const validatorKeepingEmptyQuery: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring') return validate;
  // undefined: not asked yet; null: not kept (an error, or values that are objects).
  let empty: Values | null | undefined;
  return (data) => {
    if (empty === null || !isEmpty(data)) return validate(data);
    if (empty) return { value: { ...empty } };
    const result = validate(data);
    empty =
      typeof result === 'object' && !('then' in result) && !result.error && isFlat(result.value)
        ? { ...result.value }
        : null;
    return result;
  };
};
