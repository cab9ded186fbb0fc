import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is disabled, busy and shows a spinner while its action is pending', () => {
    const html = renderToString(<Button pending>Adding…</Button>);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-button-spinner');
    expect(html).toContain('Adding…');
  });

  it('shows the spinner when the caller marks it busy with aria-busy', () => {
    const html = renderToString(
      <Button disabled aria-busy>
        Saving…
      </Button>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-button-spinner');
  });

  it('is an ordinary enabled button otherwise, at least 44 px tall on a phone', () => {
    const html = renderToString(<Button>Add to cart</Button>);
    expect(html).not.toContain('disabled=""');
    expect(html).not.toContain('aria-busy');
    expect(html).not.toContain('data-button-spinner');
    expect(html).toContain('min-h-11');
  });
});
