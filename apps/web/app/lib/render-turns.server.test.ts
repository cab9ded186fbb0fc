import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { renderingsWaiting, renderTurn } from './render-turns.server';

/** A rendering's CPU time, spent without yielding, as React spends it. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A socket whose next bytes are already on their way when the renderings are queued. */
async function socketWithPendingData(onData: () => void): Promise<net.Socket> {
  const server = net.createServer((socket) => socket.once('data', onData));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const client = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => client.once('connect', resolve));
  // Let the server accept the connection before the test goes on.
  await new Promise<void>((resolve) => setImmediate(resolve));
  closers.push(() => {
    client.destroy();
    server.close();
  });
  return client;
}

describe('renderTurn', () => {
  it('renders pages in the order they asked, one each turn of the event loop', async () => {
    const order: string[] = [];
    const renderings = [0, 1, 2].map((page) => renderTurn().then(() => order.push(`page ${page}`)));
    expect(renderingsWaiting()).toBe(3);
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(renderings);
    expect(renderingsWaiting()).toBe(0);
    expect(order.filter((entry) => entry.startsWith('page'))).toEqual([
      'page 0',
      'page 1',
      'page 2',
    ]);
    // The timer, due at once, runs between two renderings instead of after all of them.
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
  });

  it('reads what a socket sent between two renderings, not after the last one', async () => {
    const order: string[] = [];
    const client = await socketWithPendingData(() => order.push('request read'));
    client.write('GET / HTTP/1.1\r\n\r\n');
    const renderings = Array.from({ length: 6 }, (_, page) =>
      renderTurn().then(() => {
        busy(15);
        order.push(`page ${page}`);
      }),
    );
    await Promise.all(renderings);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toContain('request read');
    expect(order.indexOf('request read')).toBeLessThan(order.indexOf('page 5'));
  });

  it('starts again after it has emptied', async () => {
    await renderTurn();
    let second = false;
    await renderTurn().then(() => {
      second = true;
    });
    expect(second).toBe(true);
    expect(renderingsWaiting()).toBe(0);
  });
});
