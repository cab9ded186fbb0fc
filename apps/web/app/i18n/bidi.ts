/**
 * A left-to-right value inside a translated sentence (an order number, e-mail address, phone
 * number or amount), wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE. Without it an
 * Arabic sentence reorders the value's parts ("SB-0A1B…" shows as "0A1B…-SB", "+965 2222 3333" as
 * "3333 2222 965+") and pulls its punctuation inside. In markup, use <bdi dir="ltr"> instead.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** The parameters of a sentence with each value isolated left to right (see isolateLtr). */
export function isolateEachLtr<T extends Record<string, string | number>>(params: T): T {
  const isolated: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) isolated[name] = isolateLtr(String(value));
  return isolated as T;
}
