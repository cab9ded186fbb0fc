import {
  createContext,
  createElement,
  useContext,
  type ComponentPropsWithRef,
  type ReactNode,
} from 'react';

/**
 * Markup that is the same for every request (docs/decisions/070): a product's card, the header's
 * menus. A page for everyone renders each of them once; later renderings render the element
 * empty and the page's stream writes the kept HTML inside it (same-markup.server.ts), instead of
 * rendering the components again. The browser renders the
 * components as always and hydrates them against that HTML, which is what they rendered.
 */
export interface MarkupReuse {
  /**
   * When inner HTML is kept for `key`: the value of the fill attribute that marks the (empty)
   * element the server's stream writes it into.
   */
  fill(key: string): string | undefined;
  /** The value of the capture attribute that marks an element whose inner HTML is kept as `key`. */
  capture(key: string): string;
}

/** The attribute that marks an element to capture; the server's stream takes it out again. */
export const CAPTURE_ATTRIBUTE = 'data-same-markup';
/** The attribute that marks an element to fill with kept HTML; the stream takes it out again. */
export const FILL_ATTRIBUTE = 'data-same-markup-fill';

/** The page's reuse of markup: set on the server for a page for everyone, null otherwise. */
export const SameMarkupContext = createContext<MarkupReuse | null>(null);

const sharedIds = new WeakMap<object, string>();
let lastSharedId = 0;

/**
 * A short name for a value that every page reads unchanged, for a markup key: the frozen values of
 * the kept API replies (apps/api/src/plugins/page-reads.ts) are the same object on every page
 * until the reply is dropped, and a new object is a new name. Null for a value that is not frozen,
 * which a page may have made for itself: its markup is then not kept.
 */
export function sharedValueId(value: object): string | null {
  if (!Object.isFrozen(value)) return null;
  let id = sharedIds.get(value);
  if (id === undefined) {
    lastSharedId += 1;
    id = `#${lastSharedId}`;
    sharedIds.set(value, id);
  }
  return id;
}

type SameMarkupTag = 'article' | 'details' | 'div' | 'nav' | 'footer' | 'section' | 'ul';

/**
 * `<as {...attributes}>{children}</as>`, whose inner HTML depends only on `markupKey`: everything
 * the children render from (their props, the language, the settings they read) must be in the
 * key, and nothing personal may be (a page for everyone has nothing personal). A null key renders
 * as usual. The element's own props are rendered every time.
 */
export function SameMarkup<Tag extends SameMarkupTag>({
  as,
  markupKey,
  children,
  ...props
}: {
  as: Tag;
  markupKey: string | null;
  children: ReactNode;
  // The element's own props: attributes, and in the browser its ref and handlers.
} & Omit<ComponentPropsWithRef<Tag>, 'children'>) {
  const reuse = useContext(SameMarkupContext);
  if (reuse === null || markupKey === null) return createElement(as, props, children);
  // The kept HTML is written by the stream as the bytes it keeps: React neither measures nor
  // encodes it again.
  const fill = reuse.fill(markupKey);
  if (fill !== undefined) return createElement(as, { ...props, [FILL_ATTRIBUTE]: fill });
  return createElement(as, { ...props, [CAPTURE_ATTRIBUTE]: reuse.capture(markupKey) }, children);
}
