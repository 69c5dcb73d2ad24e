import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { bytesOf } from '../db/pg-bytes';

/**
 * The answers' serializer (docs/decisions/0010-compiled-response-serializer.md): each route's
 * response schema, turned into JSON Schema by zod, compiled once by fast-json-stringify. It writes
 * the documented properties in their order and drops every other one, as zod's encode does, without
 * walking the answer twice (zod's check, then JSON.stringify). Where zod's JSON Schema cannot say
 * what the wire holds (transforms, dates), zod serializes as before.
 *
 * With `check` on (tests, development), every answer also goes through zod: a value that breaks its
 * schema fails as before, and an answer the compiled serializer writes differently is an error, so
 * the API tests prove the two equal on every route they reach. Production (NODE_ENV=production)
 * trusts the typed services and writes the compiled answer alone.
 */
export interface SerializerOptions {
  check: boolean;
}

type RouteSchema = { schema: unknown; method: string; url: string };

/**
 * Keywords that only validate: the serializer needs types and shapes, not checks. `required` goes
 * too: fast-json-stringify writes required properties first, zod in the schema's order, and the
 * answers stay as they were byte for byte (zod's check catches a missing property).
 */
const VALIDATION_ONLY = new Set([
  '$schema',
  'required',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'enum',
  'const',
  'default',
  'description',
  'title',
  'examples',
]);

type JsonSchema = { [key: string]: unknown };

const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as JsonSchema).type === 'null';

/**
 * The schema as fast-json-stringify reads it fastest: no validation keywords, and `X | null` as
 * `type: [X, 'null']` (an anyOf would be decided by running a validator on every value).
 */
export function serializationSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializationSchema);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'properties' || key === 'definitions' || key === '$defs') {
      out[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([k, v]) => [k, serializationSchema(v)]),
      );
    } else out[key] = serializationSchema(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((s) => !isNull(s)) as JsonSchema;
    if (typeof other.type === 'string' && other.anyOf === undefined && other.$ref === undefined) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

function zodSchemaOf(maybe: unknown): $ZodType {
  if (maybe instanceof $ZodType) return maybe;
  const properties = (maybe as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`a response schema that is not a zod schema: ${JSON.stringify(maybe)}`);
}

/** The compiled writer of a schema, or null where its JSON Schema cannot describe the wire. */
export function compileSerializer(schema: $ZodType): ((data: unknown) => string) | null {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  // fast-json-stringify's own types want its schema type; ours is the same JSON, cleaned above.
  return fastJson(serializationSchema(json) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Fastify's serializer compiler (app.setSerializerCompiler). */
export function createSerializerCompiler(options: SerializerOptions) {
  return (route: RouteSchema) => {
    const { method, url } = route;
    // zod's way is fastify-type-provider-zod's own compiler: encode (check and strip), then stringify.
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const compiled = compileSerializer(zodSchemaOf(route.schema));
    if (!compiled) return viaZod;
    if (!options.check) return compiled;
    return (data: unknown) => {
      const expected = viaZod(data);
      const written = compiled(data);
      if (written !== expected) {
        let at = 0;
        while (at < written.length && written[at] === expected[at]) at++;
        throw new Error(
          `the compiled serializer of ${method} ${url} writes …${written.slice(Math.max(0, at - 60), at + 60)}… where zod writes …${expected.slice(Math.max(0, at - 60), at + 60)}…`,
        );
      }
      return written;
    };
  };
}

/**
 * Checks an answer a route wrote itself as JSON text (`/task/filter` splices cells in as PostgreSQL
 * wrote them) against its schema: it must parse, pass the schema, and hold nothing the schema would
 * drop. Where answers are checked (`check`), like the compiled serializers.
 */
export function checkWrittenAnswer(schema: z.ZodType, written: string | Buffer, route: string): void {
  const text = typeof written === 'string' ? written : written.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`the answer of ${route} is not JSON: ${(error as Error).message}`);
  }
  const encoded = z.encode(schema, value as never);
  if (!isDeepStrictEqual(encoded, value)) {
    throw new Error(`the answer of ${route} holds more than its schema: ${text.slice(0, 200)}…`);
  }
}

/**
 * Sends an answer a route wrote itself as JSON text (the board's pages, decision 0014; the search
 * pages, decision 0022), checked first against its schema where answers are checked, as its UTF-8
 * bytes: encoded once, where Fastify measured a string's length and the socket encoded it again.
 */
export function sendWrittenAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType,
  answer: string | Buffer,
): FastifyReply {
  if (req.ctx.config.RESPONSE_CHECK)
    checkWrittenAnswer(schema, answer, `${req.method} ${req.routeOptions.url}`);
  return reply.type('application/json; charset=utf-8').send(bytesOf(answer) as never);
}

/**
 * A search page's answer as JSON text (`{ data: { docs, pagination, maxMin } }`): the documents as
 * PostgreSQL wrote them (decision 0022), the pagination and totals as built, in the schema's order.
 */
export function writeListAnswer(docs: string[], pagination: object, maxMin: object): string {
  return `{"data":{"docs":[${docs.join(',')}],"pagination":${JSON.stringify(pagination)},"maxMin":[${JSON.stringify(maxMin)}]}}`;
}
