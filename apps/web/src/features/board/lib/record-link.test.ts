import { describe, expect, it } from 'vitest';
import { linkedRecordOf, withoutRecordLink } from './record-link';

const ID = '5b0f4f0e-8f5c-4f8e-9d3a-1c2b3a4d5e6f';

describe('linkedRecordOf', () => {
  it.each([
    [`record=${ID}`, ID],
    [`record=${ID.toUpperCase()}`, ID],
    [`projectId=x&record=${ID}`, ID],
    ['record=', null],
    ['record=42', null],
    [`record=${ID}x`, null],
    ['record=%27%3Balert(1)', null],
    ['', null],
  ])('?%s opens %s', (query, id) => {
    expect(linkedRecordOf(new URLSearchParams(query))).toBe(id);
  });
});

describe('withoutRecordLink', () => {
  it('drops the record link and keeps the other parameters', () => {
    const params = new URLSearchParams(`projectId=p1&record=${ID}&search=Dach`);
    expect(withoutRecordLink(params).toString()).toBe('projectId=p1&search=Dach');
    // The parameters read are not changed.
    expect(params.get('record')).toBe(ID);
  });
});
