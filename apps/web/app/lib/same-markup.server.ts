import { Transform, type TransformCallback } from 'node:stream';
import { CAPTURE_ATTRIBUTE, FILL_ATTRIBUTE, type MarkupReuse } from './same-markup';

/**
 * The kept inner HTML of markup that is the same for every request (decision 070), least recently
 * used first out. Keys say everything the markup is made from, so a change in the shop (a price,
 * a setting) makes new keys and the old entries age out; nothing needs clearing.
 */
export class MarkupStore {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const html = this.entries.get(key);
    if (html === undefined) return undefined;
    // Used again: to the end of the order, the last to go.
    this.entries.delete(key);
    this.entries.set(key, html);
    return html;
  }

  /** Keeps `html`, the UTF-8 bytes of the inner HTML (a copy: never a view of a whole page). */
  set(key: string, html: Buffer): void {
    const size = key.length * 2 + html.length;
    if (size > this.maxBytes / 16) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= key.length * 2 + old.length;
    }
    this.entries.set(key, html);
    this.bytes += size;
    for (const [oldest, oldHtml] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length * 2 + oldHtml.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Two thousand cards or so: the first pages of every list, the home page, the related products. */
const sharedStore = new MarkupStore(8 * 1024 * 1024);

/** A page's reuse of markup, with the captures and fills its rendering asked for. */
export interface PageMarkupReuse extends MarkupReuse {
  /** The key of each capture token handed out in this rendering. */
  readonly captures: Map<string, string>;
  /** The kept HTML of each fill token handed out in this rendering. */
  readonly fills: Map<string, Buffer>;
  readonly store: MarkupStore;
}

export function pageMarkupReuse(store: MarkupStore = sharedStore): PageMarkupReuse {
  const captures = new Map<string, string>();
  const fills = new Map<string, Buffer>();
  return {
    captures,
    fills,
    store,
    fill: (key) => {
      const html = store.get(key);
      if (html === undefined) return undefined;
      const token = String(fills.size + 1);
      fills.set(token, html);
      return token;
    },
    capture: (key) => {
      const token = String(captures.size + 1);
      captures.set(token, key);
      return token;
    },
  };
}

const MARKER = Buffer.from(` ${CAPTURE_ATTRIBUTE}="`);
const FILL_MARKER = Buffer.from(` ${FILL_ATTRIBUTE}="`);
const QUOTE = 0x22;
const TAG_OPEN = 0x3c;
const TAG_CLOSE = 0x3e;
const SPACE = 0x20;
const SLASH = 0x2f;
/** Markup that depends on how the page streamed (a Suspense boundary, a script) is not kept. */
const UNKEPT = /<!--\$|<template|<script/;

/** Where the element whose start tag ends before `from` closes: its end tag's first byte. */
function closingTagAt(html: Buffer, tag: string, from: number): number {
  const open = Buffer.from(`<${tag}`);
  const close = Buffer.from(`</${tag}>`);
  let depth = 1;
  let at = from;
  for (;;) {
    const nextClose = html.indexOf(close, at);
    if (nextClose === -1) return -1;
    let nextOpen = html.indexOf(open, at);
    // `<div` opens a div only when the name ends there (not `<divider`).
    while (nextOpen !== -1 && nextOpen < nextClose) {
      const after = html[nextOpen + open.length];
      if (after === SPACE || after === TAG_CLOSE || after === SLASH) break;
      nextOpen = html.indexOf(open, nextOpen + 1);
    }
    if (nextOpen !== -1 && nextOpen < nextClose) {
      depth += 1;
      at = nextOpen + open.length;
      continue;
    }
    depth -= 1;
    if (depth === 0) return nextClose;
    at = nextClose + close.length;
  }
}

/** Each ` name="token"` mark in the piece: where it starts, its token, and the byte after it. */
function* marksIn(piece: Buffer, marker: Buffer): Generator<{ at: number; token: string; end: number }> {
  for (let at = piece.indexOf(marker); at !== -1; at = piece.indexOf(marker, at + 1)) {
    const tokenEnd = piece.indexOf(QUOTE, at + marker.length);
    if (tokenEnd === -1) return;
    yield { at, token: piece.toString('latin1', at + marker.length, tokenEnd), end: tokenEnd + 1 };
  }
}

/**
 * Takes the capture attributes out of a piece of the page and keeps the inner HTML of each marked
 * element. The piece is what one flush of React wrote (the page's stream joins a flush's pieces),
 * and React writes a finished element in one flush: an element whose end is not in the piece is
 * not kept, and the page is the same either way.
 */
export function takeCaptures(piece: Buffer, reuse: PageMarkupReuse): Buffer {
  const marks: { token: string; tag: string; innerStart: number }[] = [];
  const parts: Buffer[] = [];
  let copied = 0;
  let length = 0;
  for (const { at, token, end } of marksIn(piece, MARKER)) {
    const tagStart = piece.lastIndexOf(TAG_OPEN, at);
    if (tagStart === -1) break;
    let nameEnd = tagStart + 1;
    while (nameEnd < at && piece[nameEnd] !== SPACE && piece[nameEnd] !== TAG_CLOSE) nameEnd += 1;
    const tag = piece.toString('latin1', tagStart + 1, nameEnd);
    const tagEnd = piece.indexOf(TAG_CLOSE, end);
    parts.push(piece.subarray(copied, at));
    length += at - copied;
    copied = end;
    // Where the element's content starts in the piece without the attributes.
    if (tagEnd !== -1) marks.push({ token, tag, innerStart: length + (tagEnd - copied) + 1 });
  }
  if (copied === 0) return piece;
  parts.push(piece.subarray(copied));
  const page = Buffer.concat(parts);
  for (const { token, tag, innerStart } of marks) {
    const key = reuse.captures.get(token);
    const innerEnd = closingTagAt(page, tag, innerStart);
    if (key === undefined || innerEnd === -1) continue;
    const inner = page.subarray(innerStart, innerEnd);
    if (!UNKEPT.test(inner.toString('latin1'))) reuse.store.set(key, Buffer.from(inner));
  }
  return page;
}

/**
 * Writes the kept HTML into each element marked to be filled, and takes the fill attributes out.
 * React renders such an element empty (`<article data-same-markup-fill="3"></article>`), in one
 * flush, so its start tag is whole in the piece.
 */
export function writeFills(piece: Buffer, reuse: PageMarkupReuse): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  for (const { at, token, end } of marksIn(piece, FILL_MARKER)) {
    const html = reuse.fills.get(token);
    const tagEnd = piece.indexOf(TAG_CLOSE, end);
    if (html === undefined || tagEnd === -1) continue;
    parts.push(piece.subarray(copied, at), piece.subarray(end, tagEnd + 1), html);
    copied = tagEnd + 1;
  }
  if (copied === 0) return piece;
  parts.push(piece.subarray(copied));
  return Buffer.concat(parts);
}

/**
 * Passes the page through, writing the kept markup its rendering asked for and keeping the markup
 * it captured. Fills first: a captured element keeps the HTML written into the elements within.
 */
export function keptMarkupStage(reuse: PageMarkupReuse): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const filled = reuse.fills.size === 0 ? chunk : writeFills(chunk, reuse);
      callback(null, reuse.captures.size === 0 ? filled : takeCaptures(filled, reuse));
    },
  });
}
