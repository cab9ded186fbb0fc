import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { StoreSettings } from '@shop/shared';
import icoEndec from 'ico-endec';
import sharp from 'sharp';
import { isFileKey, type FileStorage } from '../../lib/file-storage/index.js';

export interface AppIconSpec {
  file: string;
  size: number;
  /** `maskable`: the launcher may crop to any shape, so the logo stays inside the safe circle. */
  purpose: 'any' | 'maskable';
  inManifest: boolean;
}

/** The icons made from the store logo: the manifest's four and iOS's home-screen icon. */
export const APP_ICONS: readonly AppIconSpec[] = [
  { file: 'icon-192.png', size: 192, purpose: 'any', inManifest: true },
  { file: 'icon-512.png', size: 512, purpose: 'any', inManifest: true },
  { file: 'maskable-192.png', size: 192, purpose: 'maskable', inManifest: true },
  { file: 'maskable-512.png', size: 512, purpose: 'maskable', inManifest: true },
  // iOS ignores the manifest's icons and draws its own rounded square (180 px on current iPhones).
  { file: 'apple-touch-icon.png', size: 180, purpose: 'any', inManifest: false },
];

/**
 * `/favicon.ico`: what browsers, feed readers and bookmarks ask for without reading the page's
 * links. One file with the sizes of a browser tab (16, 32 px) and of Windows' shortcuts (48 px),
 * each a PNG entry (every browser since 2010 reads them), drawn like the "any" icons.
 */
export const FAVICON_PATH = '/favicon.ico';
export const FAVICON_SIZES = [16, 32, 48] as const;

export const APP_ICON_PATH = '/app-icons';
export const APP_ICON_FILES = APP_ICONS.map((icon) => icon.file) as [string, ...string[]];

export function appIconUrl(file: string, version: string): string {
  return `${APP_ICON_PATH}/${file}?v=${version}`;
}

/**
 * Share of the icon's side the logo may take. A maskable icon's safe zone is the centred circle
 * of 80% diameter; a square inside it has a side of 80% / √2 ≈ 56.6%.
 */
const LOGO_SHARE: Record<AppIconSpec['purpose'], number> = { any: 0.8, maskable: 0.56 };
/** Logos are drawn for a light page: the icon's square is white, opaque (iOS shows no alpha). */
const ICON_BACKGROUND = { r: 255, g: 255, b: 255, alpha: 1 };

/** The shop's own mark, used while the store has no logo. */
export const DEFAULT_ICON_SOURCE = fileURLToPath(
  new URL('../../../../web/public/favicon.svg', import.meta.url),
);

function isSvg(source: Buffer): boolean {
  const head = source.subarray(0, 256).toString('utf8').trimStart();
  return head.startsWith('<svg') || head.startsWith('<?xml');
}

/** Draws the logo centred on an opaque square of the icon's size, as PNG. */
export async function renderAppIcon(source: Buffer, icon: AppIconSpec): Promise<Buffer> {
  const side = Math.round(icon.size * LOGO_SHARE[icon.purpose]);
  // A vector mark is rasterised large enough for the biggest icon, then scaled down sharply.
  const logo = await sharp(source, isSvg(source) ? { density: 1200 } : {})
    .resize(side, side, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const square = await sharp({
    create: { width: icon.size, height: icon.size, channels: 4, background: ICON_BACKGROUND },
  })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
  // Composition works with an alpha channel; the icon itself is opaque.
  return sharp(square).flatten({ background: ICON_BACKGROUND }).png({ compressionLevel: 9 }).toBuffer();
}

/** The storage key of the settings' logo URL (`/uploads/settings/<name>`), if it is a stored file. */
export function logoFileKey(logoUrl: string | null): string | null {
  const prefix = '/uploads/settings/';
  if (!logoUrl?.startsWith(prefix)) return null;
  let name: string;
  try {
    name = decodeURIComponent(logoUrl.slice(prefix.length));
  } catch {
    return null;
  }
  const key = `settings/${name}`;
  return isFileKey(key) ? key : null;
}

export interface AppIconServiceOptions {
  getSettings: () => Promise<StoreSettings>;
  /** Where the logo is stored (the icons are drawn from it in memory, never stored). */
  files: FileStorage;
  /** The picture used without a logo (default: the web app's favicon). */
  defaultIconSource?: string;
  /** Told when the logo file could not be read and the default mark was drawn instead. */
  onLogoError?: (error: unknown) => void;
}

/**
 * The app icons of the current logo, drawn once and kept in memory until the settings change
 * (the settings feed calls clear(), decision 010). A logo that cannot be read gives the default
 * mark rather than no icon.
 */
export function createAppIconService(options: AppIconServiceOptions) {
  const defaultSource = options.defaultIconSource ?? DEFAULT_ICON_SOURCE;
  const drawn = new Map<string, Promise<Buffer>>();

  async function draw(logoUrl: string | null, icon: AppIconSpec): Promise<Buffer> {
    const key = logoFileKey(logoUrl);
    if (key) {
      try {
        const logo = await options.files.read(key);
        if (!logo) throw new Error(`the logo ${key} is not in the file storage`);
        return await renderAppIcon(logo, icon);
      } catch (error) {
        options.onLogoError?.(error);
      }
    }
    return renderAppIcon(await fs.readFile(defaultSource), icon);
  }

  /** The drawing kept for the current logo under `name`, made by `make` the first time. */
  async function kept(name: string, make: (logoUrl: string | null) => Promise<Buffer>): Promise<Buffer> {
    const { logo } = await options.getSettings();
    const key = `${logo ?? ''}\n${name}`;
    let drawing = drawn.get(key);
    if (!drawing) {
      drawing = make(logo);
      drawn.set(key, drawing);
      // A failed drawing is not remembered.
      drawing.catch(() => drawn.delete(key));
    }
    return drawing;
  }

  return {
    /** A short fingerprint of the logo, put in icon URLs so browsers fetch new icons after a change. */
    async version(): Promise<string> {
      const { logo } = await options.getSettings();
      return createHash('sha256').update(logo ?? 'default').digest('hex').slice(0, 12);
    },

    /** The PNG of one icon (undefined for a name that is not one of APP_ICONS). */
    async icon(file: string): Promise<Buffer | undefined> {
      const spec = APP_ICONS.find((icon) => icon.file === file);
      if (!spec) return undefined;
      return kept(spec.file, (logo) => draw(logo, spec));
    },

    /** `/favicon.ico` of the current logo: one PNG entry per size of FAVICON_SIZES. */
    async favicon(): Promise<Buffer> {
      return kept(FAVICON_PATH, async (logo) => {
        const pngs = await Promise.all(
          FAVICON_SIZES.map((size) => draw(logo, { file: FAVICON_PATH, size, purpose: 'any', inManifest: false })),
        );
        return icoEndec.encode(pngs);
      });
    },

    /** Forgets every drawn icon (the settings, hence perhaps the logo, changed). */
    clear(): void {
      drawn.clear();
    },
  };
}

export type AppIconService = ReturnType<typeof createAppIconService>;
