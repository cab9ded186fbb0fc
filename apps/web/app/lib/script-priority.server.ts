import { PassThrough, pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const HEAD_END = Buffer.from('</head>');
/** React Router's inline module script (`<Scripts />`): imports the routes, then the entry. */
const MODULE_SCRIPT_TAG = /^<script([^>]*?) type="module"( async="")?>$/;
const SCRIPT_START = Buffer.from('<script');
const SCRIPT_END = '</script>';
const SCRIPT_END_BYTES = Buffer.from(SCRIPT_END);
const TAG_END = 0x3e; // '>'

/**
 * The classic script that starts the page's modules once the first screen is painted: after the
 * largest image of the first screen (the one with fetchpriority="high") has loaded, the text's
 * font faces too (`document.fonts.ready`: text in a face still loading is not drawn yet), and a
 * frame has been drawn; at the latest after `LATEST_START_MS`. An Arabic page's faces are 90 KB:
 * modules started before them shared the connection with them and delayed the first paint of
 * the text (Lighthouse, an Arabic cart: first contentful paint 1.9 s, 1.4 s in English).
 */
function startScript(preloads: readonly string[]): string {
  return (
    '(()=>{const m=document.currentScript.previousElementSibling;let started=false;' +
    'const start=()=>{if(started)return;started=true;' +
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement('link');l.rel='modulepreload';l.href=href;document.head.append(l)}` +
    "const s=document.createElement('script');s.type='module';s.nonce=m.nonce;s.textContent=m.textContent;m.replaceWith(s)};" +
    // The latest start first: nothing after it can keep the page from starting.
    `setTimeout(start,${LATEST_START_MS});` +
    'const fontsReady=document.fonts?document.fonts.ready:Promise.resolve();' +
    'const afterPaint=()=>fontsReady.then(()=>requestAnimationFrame(()=>setTimeout(start)));' +
    "const image=document.querySelector('img[fetchpriority=high]');" +
    "if(image&&!image.complete){image.addEventListener('load',afterPaint);image.addEventListener('error',afterPaint)}else afterPaint()})()"
  );
}

const LATEST_START_MS = 3000;

/**
 * Passes the page's HTML through and starts its script modules only once the first screen is
 * painted (docs/decisions/030). React Router's <Scripts> preloads every module in the head and
 * imports them from an inline module script; on a phone's connection those ~140 KB shared the
 * bandwidth with the stylesheet, the fonts and the largest image, and their evaluation delayed
 * the first paint. Here the head's module preloads are taken out, the inline module script is
 * made inert (type text/x-module) and a small classic script starts it, with the preloads, after
 * the paint. The head is held until it is complete (it is part of the first flush); the body
 * streams, but for a script tag not yet whole at the end of a piece.
 *
 * What React writes in one go (the shell, then each part that streams in later) arrives here as
 * 4 KB pieces; they leave as one chunk at the end of that tick, so the page reaches the socket in
 * a few writes instead of one per piece (each of which cost a system call, and on the way to the
 * response, a turn of the event loop). The body's bytes pass as they came, never decoded to text
 * and encoded again: only script tags, and the module script, are read as text.
 */
export function scriptsAfterFirstPaint(): Transform {
  /** The head's bytes until its end has come (it is read as text once, whole). */
  let head: Buffer = Buffer.alloc(0);
  let headDone = false;
  let scriptDone = false;
  const preloads: string[] = [];
  /** What this tick has produced, sent on as one chunk by `send`. */
  let out: Buffer[] = [];
  let sendScheduled = false;

  /** The module script made inert, followed by the classic script that starts it. */
  const rewrittenScript = (attributes: string, body: string): string => {
    const nonce = /nonce="[^"]*"/.exec(attributes)?.[0];
    return (
      `<script${attributes} type="text/x-module">${body}${SCRIPT_END}` +
      `<script${nonce ? ` ${nonce}` : ''}>${startScript(preloads)}${SCRIPT_END}`
    );
  };

  /**
   * The body's bytes until the module script: passed on as they came, but for the tail that may
   * be the start of a script tag (kept in `pendingBody` until the next piece). Only a script tag
   * is decoded to be looked at; the text between is never decoded and encoded again.
   */
  let pendingBody: Buffer = Buffer.alloc(0);
  const body = (piece: Buffer, final: boolean): void => {
    const bytes = pendingBody.length === 0 ? piece : Buffer.concat([pendingBody, piece]);
    pendingBody = Buffer.alloc(0);
    let from = 0;
    for (;;) {
      const start = bytes.indexOf(SCRIPT_START, from);
      if (start === -1) {
        // What could be the first bytes of "<script" waits for the next piece.
        const keep = final ? 0 : Math.min(SCRIPT_START.length - 1, bytes.length - from);
        emit(bytes.subarray(0, bytes.length - keep));
        pendingBody = bytes.subarray(bytes.length - keep);
        return;
      }
      const tagEnd = bytes.indexOf(TAG_END, start);
      const match =
        tagEnd === -1 ? null : MODULE_SCRIPT_TAG.exec(bytes.toString('utf8', start, tagEnd + 1));
      const end = match ? bytes.indexOf(SCRIPT_END_BYTES, tagEnd + 1) : -1;
      if (tagEnd === -1 || (match && end === -1)) {
        // A script tag, or the module script, not whole yet.
        emit(bytes.subarray(0, start));
        if (final) emit(bytes.subarray(start));
        else pendingBody = bytes.subarray(start);
        return;
      }
      if (!match) {
        from = tagEnd + 1;
        continue;
      }
      scriptDone = true;
      emit(bytes.subarray(0, start));
      emit(rewrittenScript(match[1] ?? '', bytes.toString('utf8', tagEnd + 1, end)));
      emit(bytes.subarray(end + SCRIPT_END_BYTES.length));
      return;
    }
  };

  const taken = (): Buffer | undefined => {
    const chunks = out;
    out = [];
    if (chunks.length === 0) return undefined;
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  };
  const send = () => {
    sendScheduled = false;
    const chunk = taken();
    if (chunk !== undefined && !stream.destroyed) stream.push(chunk);
  };
  const emit = (part: Buffer | string) => {
    if (part.length === 0) return;
    out.push(typeof part === 'string' ? Buffer.from(part) : part);
    if (!sendScheduled) {
      sendScheduled = true;
      process.nextTick(send);
    }
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (scriptDone) {
        emit(chunk);
      } else if (headDone) {
        body(chunk, false);
      } else {
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        const end = head.indexOf(HEAD_END);
        if (end !== -1) {
          headDone = true;
          // "</head>" ends the text before it on a whole character: only the head is decoded.
          emit(
            head.toString('utf8', 0, end).replace(MODULE_PRELOAD, (_tag, href: string) => {
              preloads.push(href);
              return '';
            }),
          );
          const rest = head.subarray(end);
          head = Buffer.alloc(0);
          body(rest, false);
        }
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (headDone) {
        if (!scriptDone) body(Buffer.alloc(0), true);
      } else {
        emit(head);
      }
      callback(null, taken());
    },
  });
  return stream;
}

/**
 * Streams React's output through the transform. pipeline, not pipe: a visitor who leaves
 * mid-page destroys the stream, and that error must end here (pipe left it unhandled on the
 * transform, which stopped the process). pipeline stops listening once React has written
 * everything, but the transform may still hold the page's end for the response; a visitor who
 * leaves then destroys it again (the response stream cancels it with its reason), so a listener
 * stays for as long as the transform lives. Errors other than that leaving go to `onError`.
 */
export function pipeThrough(
  source: Readable,
  transform: Transform | Transform[],
  onError: (error: NodeJS.ErrnoException) => void,
): Transform {
  const stages = Array.isArray(transform) ? transform : [transform];
  pipeline([source, ...stages], (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onError(error);
  });
  for (const stage of stages) stage.on('error', () => undefined);
  return stages.at(-1)!;
}

/**
 * React's destination for a page: what React writes in one flush (the shell's 4 KB views and its
 * long strings, then each part that streams in later) goes on as one piece when React calls
 * `flush()` at the end of it, not as thirty writes through every stage of the page's stream.
 */
export class FlushJoined extends PassThrough {
  private pieces: Buffer[] = [];

  // React writes views and strings, never asks for a callback, and needs no backpressure: the
  // page is whole in memory before it is sent either way.
  override write(chunk: Uint8Array | string): boolean {
    this.pieces.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
    );
    return true;
  }

  flush(): void {
    if (this.pieces.length === 0) return;
    const piece = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces);
    this.pieces = [];
    super.write(piece);
  }

  override end(): this {
    this.flush();
    return super.end();
  }
}
