/**
 * What changed, told to every part of the process that keeps a copy of it (the catalogue
 * listings, the settings, the slides, the back office's order counts). publish() runs the local
 * subscribers at once; the database transport (LISTEN/NOTIFY) carries the same topic to every
 * other process.
 */
export const CHANGE_TOPICS = ['catalog', 'settings', 'content', 'shipping', 'orders'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * The topics a storefront page is made of (`shipping`: the cities' fees, which a product page's
 * structured data states as a range): a change to orders leaves every page as it was.
 */
export const STOREFRONT_TOPICS = [
  'catalog',
  'settings',
  'content',
  'shipping',
] as const satisfies readonly ChangeTopic[];

export interface ChangeTransport {
  /** Tells the other processes; failures are reported, never thrown at the writer. */
  send(topic: ChangeTopic): Promise<void>;
}

export interface ChangeFeed {
  /** Call after a committed change: local copies are dropped now, other processes' shortly. */
  publish(topic: ChangeTopic): void;
  subscribe(topic: ChangeTopic, listener: () => void): () => void;
  /** Runs the local subscribers of a topic another process published. */
  receive(topic: string): void;
  /** Sets (or removes) the transport to other processes. */
  connect(transport: ChangeTransport | null): void;
}

export function createChangeFeed(
  onSendError: (error: unknown) => void = () => undefined,
): ChangeFeed {
  const listeners = new Map<ChangeTopic, Set<() => void>>();
  let transport: ChangeTransport | null = null;

  const runLocal = (topic: ChangeTopic) => {
    for (const listener of listeners.get(topic) ?? []) listener();
  };

  return {
    publish(topic) {
      runLocal(topic);
      if (transport) transport.send(topic).catch(onSendError);
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
    receive(topic) {
      if ((CHANGE_TOPICS as readonly string[]).includes(topic)) runLocal(topic as ChangeTopic);
    },
    connect(next) {
      transport = next;
    },
  };
}
