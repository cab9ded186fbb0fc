import zlib from 'node:zlib';

/**
 * A reply body kept as the bytes that go on the wire (docs/decisions/029, 066): encoded once,
 * compressed once per encoding, its validator computed once. Sending it again costs a lookup and
 * a write.
 */

/** Brotli's quality 11 takes tens of milliseconds per page; 6 is most of the gain for a fraction. */
export const BROTLI_QUALITY = 6;

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export type WireEncoding = 'br' | 'gzip';

const Q_ZERO = /^\s*q\s*=\s*0(?:\.0{0,3})?\s*$/i;

/** br, gzip, or nothing, by the client's Accept-Encoding (a q=0 refuses an encoding). */
export function chosenEncoding(acceptEncoding: string | undefined): WireEncoding | null {
  if (!acceptEncoding) return null;
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [coding = '', ...params] = part.split(';');
    if (params.some((param) => Q_ZERO.test(param))) continue;
    const name = coding.trim().toLowerCase();
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** If-None-Match matches when it is `*` or lists the tag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

export interface WireBody {
  /** The bytes in `encoding` (compressed the first time a client asks for it, then kept). */
  bytes(encoding: WireEncoding | null): Buffer;
  /** The encoding a client with this Accept-Encoding gets: null for a body too small to compress. */
  encodingFor(acceptEncoding: string | undefined): WireEncoding | null;
  readonly etag: string;
  /** Bytes held now, every encoding made so far counted. */
  readonly size: number;
}

/**
 * A body sent many times. Each encoding is made synchronously on first use: once per body, where
 * compression on the way out made it once per reply.
 */
export function wireBody(identity: Buffer, etag: string): WireBody {
  const encoded: Partial<Record<WireEncoding, Buffer>> = {};
  const compressible = identity.length >= COMPRESS_THRESHOLD_BYTES;
  return {
    etag,
    bytes(encoding) {
      if (encoding === null) return identity;
      let bytes = encoded[encoding];
      if (bytes === undefined) {
        bytes =
          encoding === 'br'
            ? zlib.brotliCompressSync(identity, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
                },
              })
            : zlib.gzipSync(identity);
        encoded[encoding] = bytes;
      }
      return bytes;
    },
    encodingFor(acceptEncoding) {
      return compressible ? chosenEncoding(acceptEncoding) : null;
    },
    get size() {
      return identity.length + (encoded.br?.length ?? 0) + (encoded.gzip?.length ?? 0);
    },
  };
}
