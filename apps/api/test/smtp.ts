import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port that keeps what it receives, for tests. */
export async function startTestSmtp() {
  const inbox: ParsedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            inbox.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
  let server = create();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let up = true;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!up) return resolve();
      up = false;
      server.close(() => resolve());
    });
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    inbox,
    /** Waits until a message to `to` arrives (polling; the job worker sends asynchronously). */
    async waitForMail(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
      const start = Date.now();
      for (;;) {
        const found = inbox.find((m) =>
          (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(to)),
        );
        if (found) return found;
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** Stops listening (connections are refused) until `start()`: the SMTP server is down. */
    stop: close,
    /** Listens again on the same port, with the same inbox. */
    async start() {
      if (up) return;
      server = create();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      up = true;
    },
    close,
  };
}
