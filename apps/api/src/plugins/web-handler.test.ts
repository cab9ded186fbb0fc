import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requestHandlerOf } from './web.js';

/** A build whose entry module exports what is given. */
function buildWith(entryModule: Record<string, unknown>): ServerBuild {
  return { entry: { module: entryModule } } as unknown as ServerBuild;
}

describe('requestHandlerOf', () => {
  it('serves pages with the React Router the build bundles', () => {
    const handler = () => () => Promise.resolve(new Response('page'));
    expect(
      requestHandlerOf(buildWith({ default: () => null, createRequestHandler: handler })),
    ).toBe(handler);
  });

  it('refuses a build that does not export it, rather than running a second React Router', () => {
    expect(() => requestHandlerOf(buildWith({ default: () => null }))).toThrow(
      /createRequestHandler/,
    );
  });
});
