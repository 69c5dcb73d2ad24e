/**
 * A reader of the server-sent events format (the WHATWG HTML standard's "event stream"), for a body
 * read with fetch: EventSource cannot send the JWT header. Takes text as it arrives, in pieces of any
 * size, and calls `onEvent` once per complete event with its type (`message` when none is named) and
 * its data lines joined by newlines. Comments (`: ping`), `id` and `retry` are read over.
 */
export function createSseParser(onEvent: (type: string, data: string) => void) {
  let buffer = '';
  /** The last piece ended with a CR: an LF that starts the next one is the rest of that CRLF. */
  let afterCr = false;
  let type = '';
  let data: string[] = [];

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent(type || 'message', data.join('\n'));
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += afterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      afterCr = false;
      // Lines end with CRLF, LF or CR.
      for (;;) {
        const match = /\r\n|\n|\r/.exec(buffer);
        if (!match) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
        if (match[0] === '\r' && buffer === '') afterCr = true;
      }
    },
  };
}
