import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { fileKey, type FileStorage } from '../../lib/file-storage/index.js';
import { sendError } from '../../plugins/errors.js';

/**
 * Pictures for e-mails. The store logo is stored as WebP under /uploads, which answers with
 * Cross-Origin-Resource-Policy: same-origin (helmet's default for the whole site): a mail client
 * shows a message from its own origin, so it may not load it, and many clients cannot show WebP
 * at all. E-mails therefore link to a PNG made from the current logo, served for any origin.
 */
export const EMAIL_LOGO_PATH = '/email-assets/logo.png';

/** Largest box the e-mail logo is drawn into (twice the 64 px height the layout shows, for sharp screens). */
const EMAIL_LOGO_MAX_WIDTH = 400;
const EMAIL_LOGO_MAX_HEIGHT = 128;
/** A day: mail clients and proxies may keep it; a new logo gets a new `?v=` address anyway. */
const EMAIL_LOGO_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The stored logo's file name from its /uploads/settings/ URL path, or null when it is not one. */
export function storedLogoName(logo: string | null): string | null {
  const match = /^\/uploads\/settings\/([0-9a-zA-Z_-]{1,100}\.webp)$/.exec(logo ?? '');
  return match?.[1] ?? null;
}

/**
 * The logo address an e-mail shows: the PNG route under the public URL, versioned by the stored
 * file so a changed logo is fetched afresh; an absolute address is kept as it is; null for none.
 */
export function emailLogoUrl(publicUrl: string, logo: string | null): string | null {
  if (!logo) return null;
  if (/^https?:\/\//i.test(logo)) return logo;
  const stored = storedLogoName(logo);
  if (!stored) return null;
  return `${publicUrl}${EMAIL_LOGO_PATH}?v=${encodeURIComponent(stored.replace(/\.webp$/, ''))}`;
}

/** The logo file as a PNG no larger than the e-mail needs, with its transparency; undefined when the file is gone. */
export async function emailLogoPng(files: FileStorage, storedName: string): Promise<Buffer | undefined> {
  const input = await files.read(fileKey('settings', storedName));
  if (!input) return undefined;
  return sharp(input)
    .resize({ width: EMAIL_LOGO_MAX_WIDTH, height: EMAIL_LOGO_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** GET /email-assets/logo.png: the current store logo as PNG for any origin, 404 without one. */
export async function emailAssetRoutes(app: FastifyInstance): Promise<void> {
  // One logo at a time: the PNG of the current file is made once and reused until it changes.
  let cached: { name: string; png: Buffer } | null = null;

  app.get(EMAIL_LOGO_PATH, { schema: { hide: true } }, async (request, reply) => {
    const name = storedLogoName((await app.services.settings.getSettings()).logo);
    if (!name) return sendError(reply, 'NOT_FOUND', 'error.not_found');
    let png: Buffer;
    if (cached?.name === name) {
      png = cached.png;
    } else {
      const drawn = await emailLogoPng(app.services.files, name);
      if (!drawn) {
        request.log.warn({ logo: name }, 'store logo file missing for the e-mail logo');
        return sendError(reply, 'NOT_FOUND', 'error.not_found');
      }
      png = drawn;
      cached = { name, png };
    }
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', `public, max-age=${EMAIL_LOGO_MAX_AGE_SECONDS}`)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });
}
