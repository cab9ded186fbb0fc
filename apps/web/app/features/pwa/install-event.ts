/**
 * The browser's install offer (`beforeinstallprompt`, Chromium browsers; not in TypeScript's DOM
 * types). It may fire before React has hydrated the page, so it is caught as soon as this module
 * loads and kept until the shopper answers or the app is installed.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setOffer(next: BeforeInstallPromptEvent | null): void {
  offer = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the shop shows its offer.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentInstallOffer(): BeforeInstallPromptEvent | null {
  return offer;
}

/** Shows the browser's install dialog (an offer can be used once) and tells the shopper's answer. */
export async function acceptInstallOffer(): Promise<'accepted' | 'dismissed'> {
  const event = offer;
  if (!event) return 'dismissed';
  setOffer(null);
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
