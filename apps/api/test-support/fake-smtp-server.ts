import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as received. */
  raw: string;
  /** Decoded by mailparser: the subject and the plain-text and HTML bodies. */
  subject: string;
  text: string;
  html: string;
}

export interface FakeSmtpServer {
  /** smtp:// URL for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** How long the server takes to accept each message (a slow mail server); 0 unless told. */
  delayMs?: number;
}

/** A real SMTP server on loopback (random port) that keeps every message it accepts. */
export async function startFakeSmtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const delayMs = options.delayMs ?? 0;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain loopback SMTP: no self-signed certificate for the client to reject.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then(async (parsed) => {
            if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
            received.push({
              from: envelope.mailFrom ? envelope.mailFrom.address : '',
              to: envelope.rcptTo.map((address) => address.address),
              raw,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Stops accepting connections; safe to call more than once. */
    close() {
      closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return closing;
    },
  };
}

/** Waits until a message to `address` whose text matches `pattern` has arrived (newest first). */
export async function waitForMail(
  server: FakeSmtpServer,
  address: string,
  pattern: RegExp = /./,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = [...server.received]
      .reverse()
      .find((mail) => mail.to.includes(address) && pattern.test(mail.text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} matching ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
