import net from 'node:net';

/**
 * A loopback port that was free a moment ago: for a server the test starts on it, or, since
 * nothing listens on it once this resolves, for a service that is down.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
