import type { AppConfig } from '../config.js';

/** Whether the shop is served over https (PUBLIC_URL): cookies are then Secure and `__Host-` named. */
export function servedOverHttps(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/**
 * A cookie's name as this shop sets and reads it. On https every cookie of ours is a `__Host-`
 * cookie: the browser then accepts it only with Secure, Path=/ and no Domain, so neither a sibling
 * subdomain nor a plain-http page can plant or overwrite it. On http (local development, tests) the
 * browser would refuse the prefix, so the plain name is used.
 */
export function cookieName(config: Pick<AppConfig, 'publicUrl'>, name: string): string {
  return servedOverHttps(config) ? `__Host-${name}` : name;
}
