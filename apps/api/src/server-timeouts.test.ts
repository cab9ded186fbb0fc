import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test-support/test-app.js';

// Slow or silent clients must not hold connections open: a real listening server, short timeouts.
let context: TestContext;
let port: number;

beforeAll(async () => {
  context = await createTestApp({
    CONNECTION_TIMEOUT_SECONDS: '1',
    REQUEST_TIMEOUT_SECONDS: '2',
    HEADERS_TIMEOUT_SECONDS: '1',
    KEEP_ALIVE_TIMEOUT_SECONDS: '0.5',
  });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
});

afterAll(async () => {
  await context.close();
});

interface Outcome {
  /** Milliseconds from connecting until the server closed the connection (undefined: still open). */
  closedAfterMs: number | undefined;
  /** Milliseconds from the first byte the server sent until it closed the connection. */
  closedAfterAnswerMs: number | undefined;
  received: string;
}

/** Connects, lets `talk` write to the socket, and waits up to `patienceMs` for the server to close it. */
function converse(talk: (socket: net.Socket) => void, patienceMs = 6000): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1' });
    let received = '';
    let answeredAt: number | undefined;
    const timers: NodeJS.Timeout[] = [];
    const finish = (closedAfterMs: number | undefined) => {
      timers.forEach(clearTimeout);
      socket.destroy();
      const closedAfterAnswerMs =
        closedAfterMs === undefined || answeredAt === undefined ? undefined : started + closedAfterMs - answeredAt;
      resolve({ closedAfterMs, closedAfterAnswerMs, received });
    };
    socket.on('data', (chunk) => {
      answeredAt ??= Date.now();
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => talk(socket));
    timers.push(setTimeout(() => finish(undefined), patienceMs));
    socket.once('close', () => timers.forEach(clearTimeout));
    // Lets the talk function schedule writes that are cancelled with the conversation.
    (socket as net.Socket & { timers?: NodeJS.Timeout[] }).timers = timers;
  });
}

function every(socket: net.Socket, ms: number, write: () => string): void {
  const timers = (socket as net.Socket & { timers: NodeJS.Timeout[] }).timers;
  const tick = () => {
    if (socket.destroyed) return;
    socket.write(write());
    timers.push(setTimeout(tick, ms));
  };
  timers.push(setTimeout(tick, ms));
}

const HALF_BODY_REQUEST =
  'POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
  'Content-Length: 200\r\n\r\n{"email":"someone@example.com",';

describe('slow and silent connections', () => {
  it('closes a connection that sent half a body and then went silent', async () => {
    const outcome = await converse((socket) => socket.write(HALF_BODY_REQUEST));
    expect(outcome.closedAfterMs).toBeDefined();
    expect(outcome.closedAfterMs!).toBeLessThan(3000);
    if (outcome.received) expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to a body that trickles in one byte at a time', async () => {
    const outcome = await converse((socket) => {
      socket.write(HALF_BODY_REQUEST);
      every(socket, 300, () => ' ');
    });
    expect(outcome.closedAfterMs).toBeDefined();
    // Request timeout 2 s, checked every second.
    expect(outcome.closedAfterMs!).toBeLessThan(4500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 to headers that trickle in one line at a time', async () => {
    const outcome = await converse((socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: shop.test\r\n');
      let line = 0;
      every(socket, 300, () => `X-Slow-${line++}: 1\r\n`);
    });
    expect(outcome.closedAfterMs).toBeDefined();
    expect(outcome.closedAfterMs!).toBeLessThan(3500);
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle kept-alive connection after a complete request', async () => {
    const outcome = await converse((socket) => {
      socket.write('GET /api/docs/json HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200/);
    // Keep-alive timeout 0.5 s, counted from the answer (building the answer is slow on a loaded machine).
    expect(outcome.closedAfterAnswerMs).toBeDefined();
    expect(outcome.closedAfterAnswerMs!).toBeLessThan(2000);
  });

  it('still serves an ordinary request', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/docs/json`);
    expect(response.status).toBe(200);
  });
});
