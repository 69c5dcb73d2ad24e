import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../db/client';
import { mailMessages } from '../db/schema';
import { PLATFORM } from '../db/tenant';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** Sends through nodemailer to the SMTP server at `url` (smtp:// or smtps://). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Starts the built-in SMTP catcher on a loopback port and returns a mailer that sends to it over
 * real SMTP; received messages are stored in `mail_messages`, where ADMIN can read them.
 */
export async function createLocalCatcherMailer(database: Database, from: string): Promise<Mailer> {
  // The catcher keeps every company's mail, as a mail server would: it writes as the platform.
  const platform = database.as(PLATFORM);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Solar Partner Portal local mail catcher',
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await platform.db.insert(mailMessages).values({
            fromAddress: parsed.from?.text ?? '',
            toAddress: Array.isArray(parsed.to)
              ? parsed.to.map((a) => a.text).join(', ')
              : (parsed.to?.text ?? ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.contentType,
              size: a.size,
            })),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const inner = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, from);
  return {
    send: inner.send,
    async close() {
      await inner.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
