import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectionArrived,
  renderingsWaiting,
  renderingTook,
  renderTurn,
} from './render-turns.server';

/** A rendering's CPU time, spent without yielding, as React spends it. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Teaches the turns what a rendering costs (an average of the last ones). */
function renderingsCost(ms: number): void {
  for (let i = 0; i < 100; i += 1) renderingTook(ms);
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

/** Renders `count` pages through the turns, with a timer due at once, and tells the order. */
async function orderOf(count: number): Promise<string[]> {
  const order: string[] = [];
  const renderings = Array.from({ length: count }, (_, page) =>
    renderTurn().then(() => {
      busy(2);
      order.push(`page ${page}`);
    }),
  );
  expect(renderingsWaiting()).toBe(count);
  setTimeout(() => order.push('timer'), 0);
  await Promise.all(renderings);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(renderingsWaiting()).toBe(0);
  return order;
}

describe('renderTurn', () => {
  it('renders pages in the order they asked, one a pass of the event loop when each costs the whole pass', async () => {
    renderingsCost(20);
    expect(await orderOf(3)).toEqual(['page 0', 'timer', 'page 1', 'page 2']);
  });

  it('renders as many cheap pages in a pass as its budget holds', async () => {
    renderingsCost(5);
    expect(await orderOf(3)).toEqual(['page 0', 'page 1', 'timer', 'page 2']);
    renderingsCost(1);
    expect(await orderOf(3)).toEqual(['page 0', 'page 1', 'page 2', 'timer']);
  });

  it('reads what a socket sent between two passes, not after the last rendering', async () => {
    renderingsCost(15);
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

  it('skips, at no cost to its pass, a rendering whose visitor left while it waited', async () => {
    renderingsCost(20);
    const left = new AbortController();
    const order: string[] = [];
    const turns = [renderTurn(left.signal), renderTurn(new AbortController().signal), renderTurn()];
    const renderings = turns.map((turn, page) =>
      turn.then((render) => {
        if (render) busy(2);
        order.push(`page ${page}: ${render ? 'rendered' : 'skipped'}`);
      }),
    );
    left.abort();
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(renderings);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['page 0: skipped', 'page 1: rendered', 'timer', 'page 2: rendered']);
    expect(renderingsWaiting()).toBe(0);
  });

  it('takes in connections that arrive at once before rendering again, not one a pass of renderings', async () => {
    renderingsCost(15);
    const order: string[] = [];
    const server = net.createServer((socket) => {
      order.push('connection');
      connectionArrived();
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const clients: net.Socket[] = [];
    closers.push(() => {
      clients.forEach((client) => client.destroy());
      server.close();
    });
    const renderings = Array.from({ length: 8 }, (_, page) =>
      renderTurn().then(() => {
        busy(15);
        order.push(`page ${page}`);
      }),
    );
    // Five visitors connect while the pages wait: the server takes in one a pass of its loop.
    for (let index = 0; index < 5; index += 1) {
      const client = net.connect(port, '127.0.0.1');
      client.on('error', () => {});
      clients.push(client);
    }
    await Promise.all(renderings);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lastConnection = order.lastIndexOf('connection');
    expect(order.filter((entry) => entry === 'connection')).toHaveLength(5);
    // Without the empty passes they come between the pages, the fifth after the fourth page.
    expect(lastConnection).toBeLessThan(order.indexOf('page 2'));
  });

  it('still renders while connections keep arriving', async () => {
    renderingsCost(5);
    let arriving = true;
    const arrive = () => {
      connectionArrived();
      if (arriving) setImmediate(arrive);
    };
    arrive();
    const started = performance.now();
    const rendered = await Promise.all(Array.from({ length: 3 }, () => renderTurn()));
    arriving = false;
    expect(rendered).toEqual([true, true, true]);
    expect(performance.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(renderingsWaiting()).toBe(0);
  });
});
