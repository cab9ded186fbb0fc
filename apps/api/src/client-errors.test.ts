import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-support/test-app.js';

// Requests Node refuses before Fastify sees them answer the API's error envelope: a real
// listening server, raw bytes on a TCP socket.
let context: TestContext;
let port: number;

beforeAll(async () => {
  context = await createTestApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '2' });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});

afterAll(async () => {
  await context.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Whether the server closed the connection (within the patience). */
  closed: boolean;
}

/** Sends `request` (bytes as written, in chunks when an array) and reads what comes back until the server closes. */
function send(request: string | Buffer | (string | Buffer)[], patienceMs = 5000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => finish(false), patienceMs);
    function finish(closed: boolean) {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const rawBody = text.slice(split + 4);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rawBody ? JSON.parse(rawBody) : undefined, closed });
    }
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may reset a connection it refused while this side still writes.
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      for (const part of Array.isArray(request) ? request : [request]) socket.write(part);
    });
  });
}

function expectEnvelope(answer: Answer, status: number, code: string, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers.connection).toBe('close');
  expect(answer.body).toEqual({ success: false, code, message: expect.stringMatching(message) });
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answer.body)));
  expect(answer.closed).toBe(true);
}

const ARABIC = /[\u0600-\u06FF]/;

describe('requests refused before any route', () => {
  it('answers headers over the limit with 431 and the envelope, in Arabic by default', async () => {
    const answer = await send(`GET /api/products HTTP/1.1\r\nHost: shop.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE', ARABIC);
  });

  it('answers 431 in the language the request asked for, and after a header far over the limit', async () => {
    // 200 KB in several writes: the rest arrives after the answer and is read and dropped.
    const big = `X-Big: ${'a'.repeat(200_000)}\r\n`;
    const answer = await send([
      'GET / HTTP/1.1\r\nHost: shop.test\r\nAccept-Language: en\r\n',
      big.slice(0, 100_000),
      big.slice(100_000),
      '\r\n',
    ]);
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE', /headers are too large/);

    const byCookie = await send(`GET / HTTP/1.1\r\nHost: shop.test\r\nCookie: a=1; lang=en\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(byCookie.body).toMatchObject({ message: expect.stringMatching(/headers are too large/) });
  });

  it('answers a malformed request line with 400 and the envelope', async () => {
    const answer = await send('GET /api/products HTTP/1.1 extra\r\nHost: shop.test\r\n\r\n');
    expectEnvelope(answer, 400, 'VALIDATION_ERROR', ARABIC);

    const noise = await send('\x16\x03\x01 hello this is not http\r\n\r\n');
    expectEnvelope(noise, 400, 'VALIDATION_ERROR', ARABIC);
  });

  it('answers an invalid header character with 400 and the envelope', async () => {
    const answer = await send(
      Buffer.from('GET /api/products HTTP/1.1\r\nHost: shop.test\r\nAccept-Language: en\r\nX-Bad: a\x01b\r\n\r\n', 'latin1'),
    );
    expectEnvelope(answer, 400, 'VALIDATION_ERROR', /not well formed/);

    const badName = await send('GET / HTTP/1.1\r\nHost: shop.test\r\nX Bad: 1\r\n\r\n');
    expectEnvelope(badName, 400, 'VALIDATION_ERROR', ARABIC);
  });

  it('answers an HTTP/1.1 request without Host with 400 and the envelope', async () => {
    const answer = await send('GET /api/products HTTP/1.1\r\nAccept-Language: en\r\n\r\n');
    expectEnvelope(answer, 400, 'VALIDATION_ERROR', /no Host header/);
  });

  it('answers an oversized chunk extension with 413 and the envelope', async () => {
    const answer = await send(
      `POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nTransfer-Encoding: chunked\r\n` +
        `Content-Type: application/json\r\n\r\n2;ext=${'x'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    );
    expectEnvelope(answer, 413, 'PAYLOAD_TOO_LARGE', ARABIC);
  });

  it('answers headers that do not arrive in time with 408 and the envelope', async () => {
    const answer = await send('GET /api/products HTTP/1.1\r\nHost: shop.test\r\n');
    expectEnvelope(answer, 408, 'REQUEST_TIMEOUT', ARABIC);
  });

  it('keeps serving after them', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(response.status).toBe(200);
  });
});
