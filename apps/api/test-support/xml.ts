/** A strict reading of XML, enough to prove the product feeds and the sitemap well-formed. */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME = '[A-Za-z_][\\w.-]*(?::[A-Za-z_][\\w.-]*)?';
const START_TAG = new RegExp(`^(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)$`);
const ATTRIBUTE = new RegExp(`(${NAME})="([^"<]*)"`, 'g');
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`bare & in ${JSON.stringify(text)}`);
  return text.replace(ENTITY, (_, name: string) =>
    name.startsWith('#x')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : PREDEFINED[name]!,
  );
}

/**
 * Parses an XML 1.0 document with the UTF-8 declaration, throwing on anything not well-formed:
 * forbidden characters, unbalanced or misnamed tags, bare & or <, unquoted attributes, text
 * outside the root, an undeclared namespace prefix. No comments, CDATA or DTD (the feeds and the sitemap have none).
 */
export function parseXml(document: string): XmlElement {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!document.startsWith(declaration)) throw new Error('no UTF-8 declaration');
  if (XML_FORBIDDEN.test(document)) throw new Error('a character XML 1.0 forbids');
  const top: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [top];
  const declared = (element: XmlElement, prefix: string) =>
    stack.some((open) => `xmlns:${prefix}` in open.attributes) || `xmlns:${prefix}` in element.attributes;
  let at = declaration.length;
  while (at < document.length) {
    const current = stack[stack.length - 1]!;
    if (document[at] === '<') {
      const end = document.indexOf('>', at);
      if (end === -1) throw new Error('unterminated tag');
      const tag = document.slice(at + 1, end);
      at = end + 1;
      if (tag.startsWith('/')) {
        if (tag.slice(1) !== current.name || stack.length === 1) throw new Error(`</${tag.slice(1)}> closes <${current.name}>`);
        stack.pop();
        continue;
      }
      const match = START_TAG.exec(tag);
      if (!match) throw new Error(`malformed tag <${tag}>`);
      const element: XmlElement = { name: match[1]!, attributes: {}, children: [], text: '' };
      for (const [, name, value] of match[2]!.matchAll(ATTRIBUTE)) {
        if (name! in element.attributes) throw new Error(`attribute ${name} twice`);
        element.attributes[name!] = decode(value!);
      }
      const prefix = element.name.includes(':') ? element.name.split(':')[0]! : null;
      if (prefix && !declared(element, prefix)) throw new Error(`prefix ${prefix} not declared`);
      if (stack.length === 1 && top.children.length > 0) throw new Error('two root elements');
      current.children.push(element);
      if (!match[3]) stack.push(element);
    } else {
      const next = document.indexOf('<', at);
      const raw = document.slice(at, next === -1 ? document.length : next);
      at = next === -1 ? document.length : next;
      if (stack.length === 1) {
        if (raw.trim()) throw new Error('text outside the root element');
        continue;
      }
      current.text += decode(raw);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> not closed`);
  if (top.children.length !== 1) throw new Error('no root element');
  return top.children[0]!;
}

/** The first child element with this name. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

/** The texts of the child elements with this name. */
export function values(element: XmlElement, name: string): string[] {
  return element.children.filter((candidate) => candidate.name === name).map((candidate) => candidate.text);
}

