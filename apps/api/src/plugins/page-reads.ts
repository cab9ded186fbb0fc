import type { ApiReply } from '@shop/shared';
import { createTtlCache, type TtlCache } from '../lib/ttl-cache.js';

/**
 * The public API replies that pages for everyone are made of (docs/decisions/068). A page for
 * everyone calls the API as nobody in particular (web.ts), so a GET's reply depends only on its
 * address and the page's language: the shop's settings, footer, category tree and delivery fees
 * are the same on every page, and a product's reads the same in both of its pages. They are kept
 * as the reply's text, parsed once and frozen (pages share it, and none can change it for another),
 * for as long as the listings (`CATALOG_CACHE_SECONDS`) and dropped with the pages on any storefront
 * change. Only 200 replies are kept.
 */

/** An in-process reply as the API sent it. */
export interface PlainReply {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | number | undefined>;
  payload: string;
}

const MAX_KEPT_REPLIES = 1000;
/** A bigger reply (a long search page) is not worth its memory. */
const MAX_KEPT_BYTES = 256 * 1024;

export type PageReads = TtlCache<PlainReply>;

export function createPageReads(ttlMs: number, now?: () => number): PageReads | null {
  if (ttlMs <= 0) return null;
  return createTtlCache<PlainReply>({
    name: 'page_api_reads',
    ttlMs,
    ...(now ? { now } : {}),
    maxEntries: MAX_KEPT_REPLIES,
    // A reply asked again when its time ran out is most often the same text: the page keeps the
    // same frozen value, and the markup kept under its name (decision 070) stays good.
    same: (earlier, fresh) => earlier.status === fresh.status && earlier.payload === fresh.payload,
  });
}

class NotKept extends Error {
  constructor(readonly reply: PlainReply) {
    super('reply not kept');
  }
}

/** The kept reply of `key`, else what `call` answers (kept when it is a 200 of a sensible size). */
export async function keptReply(
  reads: PageReads,
  key: string,
  call: () => Promise<PlainReply>,
): Promise<PlainReply> {
  try {
    return await reads.get(key, async () => {
      const reply = await call();
      if (reply.status !== 200 || reply.payload.length > MAX_KEPT_BYTES) throw new NotKept(reply);
      return reply;
    });
  } catch (error) {
    if (error instanceof NotKept) return error.reply;
    throw error;
  }
}

/** A kept reply's body, parsed once: every page reads the same frozen value. */
const sharedBodies = new WeakMap<PlainReply, unknown>();

function deepFreeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function sharedBody(reply: PlainReply): unknown {
  if (sharedBodies.has(reply)) return sharedBodies.get(reply);
  const body = deepFreeze(JSON.parse(reply.payload));
  sharedBodies.set(reply, body);
  return body;
}

/**
 * What the web app's API client reads of a plain reply. A kept one (`shared`) is parsed once and
 * frozen, as every page that reads it gets the same value; any other is parsed for its page.
 */
export function apiReplyOf(reply: PlainReply, shared = false): ApiReply {
  return {
    ok: reply.status >= 200 && reply.status < 300,
    status: reply.status,
    statusText: reply.statusText,
    headers: {
      get: (name) => {
        const value = reply.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : String(value);
      },
    },
    json: async () => (shared ? sharedBody(reply) : (JSON.parse(reply.payload) as unknown)),
  };
}
