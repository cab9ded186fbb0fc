import { Transform, type TransformCallback } from 'node:stream';

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const HEAD_END = '</head>';

/**
 * Passes the page's HTML through and gives the script modules React Router preloads in the head
 * a low fetch priority (docs/decisions/023). Those scripts make the page interactive; the
 * stylesheet, the text font and the largest image are what the first screen waits for, and at the
 * default (high) priority the scripts competed with them for a phone's bandwidth. React Router's
 * <Scripts> has no option for it, so the head is held until it is complete (it is part of the
 * first flush) and rewritten once; the body streams untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let head = '';
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      if (headDone) {
        callback(null, chunk);
        return;
      }
      head += chunk.toString();
      const end = head.indexOf(HEAD_END);
      if (end === -1) {
        callback();
        return;
      }
      headDone = true;
      const rewritten = head.slice(0, end).replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
      const rest = head.slice(end);
      head = '';
      callback(null, rewritten + rest);
    },
    flush(callback: TransformCallback) {
      callback(null, headDone ? undefined : head);
    },
  });
}
