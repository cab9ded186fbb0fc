import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { FlushJoined, pipeThrough, scriptsAfterFirstPaint } from './script-priority.server';

async function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
}

const MODULE = ';\nimport * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';

describe('scriptsAfterFirstPaint', () => {
  it('takes the head’s module preloads out and starts the inert module script after the paint, even across chunks', async () => {
    const html = await through([
      '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modul',
      'epreload" href="/f.js"/><link rel="modulepreload" href="/s.js"/></head>',
      '<body><p>shop</p><script nonce="abc" type="mod',
      `ule" async="">${MODULE.slice(0, 20)}`,
      `${MODULE.slice(20)}</script><p>after</p></body></html>`,
    ]);
    expect(html).toContain('<html><head><link rel="stylesheet" href="/a.css"/></head>');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      `<script nonce="abc" type="text/x-module">${MODULE}</script><script nonce="abc">`,
    );
    const start = /<script nonce="abc">(.*?)<\/script>/.exec(html)![1]!;
    expect(start).toContain('["/f.js","/s.js"]');
    expect(start).toContain('img[fetchpriority=high]');
    expect(start).toContain('document.fonts?document.fonts.ready');
    expect(html.endsWith('<p>after</p></body></html>')).toBe(true);
    expect(html.match(/type="module"/g)).toBeNull();
  });

  it('passes a page without a module script through unchanged', async () => {
    const page = '<html><head><title>x</title></head><body>' + 'y'.repeat(1000) + '</body></html>';
    expect(await through([page.slice(0, 300), page.slice(300)])).toBe(page);
  });

  it('keeps Arabic whole when the stream is cut inside a letter, at every byte of the page', async () => {
    const page = Buffer.from(
      '<html><head><title>سبحة كهرمان 🌙</title></head><body><p>مسابح</p>' +
        '<script nonce="n">window.context = "سبحة <b>";</script><script type="application/ld+json">{}</script>' +
        `<script nonce="n" type="module" async="">${MODULE}</script><p>يسر</p></body></html>`,
    );
    for (let cut = 1; cut < page.length; cut += 1) {
      const received = await text(
        Readable.from([page.subarray(0, cut), page.subarray(cut)]).pipe(scriptsAfterFirstPaint()),
      );
      expect(received, `cut at byte ${cut}`).not.toContain('\uFFFD');
      expect(received).toContain('<title>سبحة كهرمان 🌙</title>');
      expect(received).toContain(
        '<p>مسابح</p><script nonce="n">window.context = "سبحة <b>";</script>',
      );
      expect(received, `cut at byte ${cut}`).toContain(
        `<script nonce="n" type="text/x-module">${MODULE}</script><script nonce="n">`,
      );
      expect(received.endsWith('<p>يسر</p></body></html>'), `cut at byte ${cut}`).toBe(true);
    }
  });

  it('passes a page without a head through unchanged', async () => {
    expect(await through(['<p>partial', ' page</p>'])).toBe('<p>partial page</p>');
  });

  it('sends what is written in one tick as one chunk, and the bytes after the module script as they came', async () => {
    const html = scriptsAfterFirstPaint();
    const received: Buffer[] = [];
    html.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => html.on('end', resolve));
    const source = new PassThrough();
    source.pipe(html);
    // The shell, in the 4 KB pieces React writes it in, all in one go.
    source.write('<html><head><link rel="modulepreload" href="/f.js"/></head><body>');
    for (let piece = 0; piece < 20; piece++) source.write(`<p>${'x'.repeat(4000)}</p>`);
    source.write(`<script nonce="n" type="module" async="">${MODULE}</script>`);
    const arabic = Buffer.from('<p>سبحة كهرمان</p>');
    source.write(arabic);
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toHaveLength(1);
    // A part that streams in later is a chunk of its own.
    source.write('<div hidden id="S:0">later</div>');
    source.end('</body></html>');
    await ended;
    expect(received).toHaveLength(2);
    const page = Buffer.concat(received).toString();
    expect(page).toContain(arabic.toString());
    expect(page).not.toContain('modulepreload" href');
    expect(page.endsWith('<div hidden id="S:0">later</div></body></html>')).toBe(true);
  });

  it('runs the module, with the preloads, once the largest image and the fonts have loaded and a frame is drawn', async () => {
    const html = await through([
      '<html><head><link rel="modulepreload" href="/f.js"/></head><body>',
      `<script nonce="n" type="module" async="">${MODULE}</script></body></html>`,
    ]);
    const start = /<script nonce="n">(.*?)<\/script>/.exec(html)![1]!;
    // A minimal document: the inert script, an image that has not loaded, and the start script.
    const appended: Array<{ tag: string; props: Record<string, unknown> }> = [];
    const listeners: Record<string, () => void> = {};
    const inert = {
      nonce: 'n',
      textContent: MODULE,
      replaceWith: (element: { props: Record<string, unknown> }) =>
        appended.push({ tag: 'replaced', props: element.props }),
    };
    const make = (tag: string) => {
      const props: Record<string, unknown> = {};
      return new Proxy(
        { props, tag },
        { set: (target, key, value) => ((target.props[key as string] = value), true) },
      );
    };
    let fontsDone!: () => void;
    const fontsLoaded = new Promise<void>((resolve) => (fontsDone = resolve));
    const documentStub = {
      currentScript: { previousElementSibling: inert },
      createElement: make,
      head: {
        append: (element: { tag: string; props: Record<string, unknown> }) =>
          appended.push(element),
      },
      querySelector: () => ({
        complete: false,
        addEventListener: (event: string, listener: () => void) => (listeners[event] = listener),
      }),
      fonts: { ready: fontsLoaded },
    };
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    new Function('document', 'requestAnimationFrame', 'setTimeout', start)(
      documentStub,
      (callback: () => void) => frames.push(callback),
      (run: () => void, ms = 0) => timers.push({ run, ms }),
    );
    expect(appended).toEqual([]);
    listeners.load!();
    await Promise.resolve();
    // The image is in; the text's faces are still on their way.
    expect(frames).toEqual([]);
    fontsDone();
    await fontsLoaded;
    await Promise.resolve();
    expect(appended).toEqual([]);
    frames.shift()!();
    timers.find((timer) => timer.ms === 0)!.run();
    expect(appended.map((element) => element.props)).toEqual([
      { rel: 'modulepreload', href: '/f.js' },
      { type: 'module', nonce: 'n', textContent: MODULE },
    ]);
    // The latest start does nothing more once started.
    timers.find((timer) => timer.ms === 3000)!.run();
    expect(appended).toHaveLength(2);
  });

  it('starts in a browser without document.fonts, and by its latest start whatever happens', async () => {
    const html = await through([
      '<html><head></head><body>',
      `<script nonce="n" type="module" async="">${MODULE}</script></body></html>`,
    ]);
    const start = /<script nonce="n">(.*?)<\/script>/.exec(html)![1]!;
    const replaced: unknown[] = [];
    const documentStub = {
      currentScript: {
        previousElementSibling: {
          nonce: 'n',
          textContent: MODULE,
          replaceWith: () => replaced.push(1),
        },
      },
      createElement: () => ({}),
      head: { append: () => undefined },
      querySelector: () => null,
    };
    const frames: Array<() => void> = [];
    const timers: Array<{ run: () => void; ms: number }> = [];
    new Function('document', 'requestAnimationFrame', 'setTimeout', start)(
      documentStub,
      (callback: () => void) => frames.push(callback),
      (run: () => void, ms = 0) => timers.push({ run, ms }),
    );
    // The latest start is set before anything that could fail.
    expect(timers.map((timer) => timer.ms)).toEqual([3000]);
    await Promise.resolve();
    await Promise.resolve();
    frames.shift()!();
    timers.find((timer) => timer.ms === 0)!.run();
    expect(replaced).toEqual([1]);
  });

  it('a visitor who leaves after React has written the whole page stops nothing', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const source = new PassThrough();
      const reported: unknown[] = [];
      const html = pipeThrough(source, scriptsAfterFirstPaint(), (error) => reported.push(error));
      source.end('<html><head></head><body><p>سبحة</p></body></html>');
      await new Promise((resolve) => html.once('finish', resolve));
      // The response stream cancels the page it was still sending, with its reason.
      html.destroy(
        Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(uncaught).toEqual([]);
      expect(reported).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('reports an error of the rendering itself', async () => {
    const source = new PassThrough();
    const reported: unknown[] = [];
    pipeThrough(source, scriptsAfterFirstPaint(), (error) => reported.push(error));
    source.destroy(new Error('render failed'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reported).toEqual([new Error('render failed')]);
  });
});

describe('FlushJoined', () => {
  it("passes on what React writes between two flushes as one piece, and the rest at the end", async () => {
    const sink = new FlushJoined();
    const pieces: string[] = [];
    sink.on('data', (piece: Buffer) => pieces.push(piece.toString()));
    const ended = new Promise((resolve) => sink.on('end', resolve));
    expect(sink.write(new TextEncoder().encode('<html><head>'))).toBe(true);
    sink.write('</head><body>سبحة');
    const view = new TextEncoder().encode('xx<p>كهرمان</p>');
    sink.write(view.subarray(2));
    sink.flush();
    sink.flush();
    sink.write('<p>later</p>');
    sink.end();
    await ended;
    expect(pieces).toEqual(['<html><head></head><body>سبحة<p>كهرمان</p>', '<p>later</p>']);
  });
});
