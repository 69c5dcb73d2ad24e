import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sizeMessage } from './limits';

const issueOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('no issue');
  return parsed.error.issues[0] as z.core.$ZodIssue;
};

describe('sizeMessage', () => {
  it('names the bound of a number or a text', () => {
    expect(sizeMessage(issueOf(z.number().min(0), -1))).toEqual({ key: 'number_at_least', limit: 0 });
    expect(sizeMessage(issueOf(z.number().positive(), 0))).toEqual({ key: 'number_above', limit: 0 });
    expect(sizeMessage(issueOf(z.number().max(100), 140))).toEqual({ key: 'number_at_most', limit: 100 });
    expect(sizeMessage(issueOf(z.number().lt(10), 10))).toEqual({ key: 'number_below', limit: 10 });
    expect(sizeMessage(issueOf(z.string().min(3), 'ab'))).toEqual({ key: 'text_at_least', limit: 3 });
    expect(sizeMessage(issueOf(z.string().max(5), 'abcdefg'))).toEqual({ key: 'text_at_most', limit: 5 });
  });

  it("keeps a schema's own message, but not the generic size key", () => {
    expect(sizeMessage(issueOf(z.string().min(1, { error: 'required' }), ''))).toBeNull();
    expect(sizeMessage(issueOf(z.number().min(0, { error: 'too_small' }), -1))).toEqual({
      key: 'number_at_least',
      limit: 0,
    });
  });

  it('leaves other issues and other kinds of bounds alone', () => {
    expect(sizeMessage(issueOf(z.number(), 'x'))).toBeNull();
    expect(sizeMessage(issueOf(z.array(z.string()).min(1), []))).toBeNull();
  });
});
