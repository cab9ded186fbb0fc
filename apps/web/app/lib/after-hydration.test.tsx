import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useAfterHydration } from './after-hydration';

function Probe() {
  return <p>{useAfterHydration() ? 'running' : 'hydrating'}</p>;
}

describe('useAfterHydration', () => {
  it('is false in the server’s HTML, so the first render in the browser matches it', () => {
    expect(renderToString(<Probe />)).toBe('<p>hydrating</p>');
  });
});
