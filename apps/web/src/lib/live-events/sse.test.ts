import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

const parse = (...chunks: string[]) => {
  const events: [string, string][] = [];
  const parser = createSseParser((type, data) => events.push([type, data]));
  for (const chunk of chunks) parser.push(chunk);
  return events;
};

describe('createSseParser', () => {
  it('reads named events and their data, over comments, retry and id lines', () => {
    expect(
      parse(
        'retry: 3000\n\n: ping\n\nevent: board\ndata: {"type":"board","by":null}\n\nid: 7\ndata: plain\n\n',
      ),
    ).toEqual([
      ['board', '{"type":"board","by":null}'],
      ['message', 'plain'],
    ]);
  });

  it('joins an event cut anywhere, with LF, CRLF or CR line ends', () => {
    const text = 'event: ready\r\ndata: {"type":"ready"}\r\n\r\nevent: notifications\rdata: a\rdata: b\r\r';
    const whole = parse(text);
    expect(whole).toEqual([
      ['ready', '{"type":"ready"}'],
      ['notifications', 'a\nb'],
    ]);
    // Every possible cut into two pieces, the CRLF pairs included.
    for (let i = 1; i < text.length; i++)
      expect(parse(text.slice(0, i), text.slice(i)), `cut at ${i}`).toEqual(whole);
  });

  it('sends nothing for an event not yet ended by a blank line, nor for one without data', () => {
    expect(parse('event: board\ndata: x\n')).toEqual([]);
    expect(parse('event: board\n\n')).toEqual([]);
  });
});
