import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from 'react-router';
import { NonceContext } from './lib/nonce';
import { pipeThrough, scriptsAfterFirstPaint } from './lib/script-priority.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and the SPA-mode build wait for all content; people get the shell as soon as it is ready.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const showShell = () => {
      shellRendered = true;
      const body = new PassThrough();
      const html = pipeThrough(body, scriptsAfterFirstPaint(), (error) => {
        if (!request.signal.aborted) loadContext.logError(error);
      });
      const stream = createReadableStreamFromReadable(html);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A part of the page that is ready when the page is sent goes in its place, however large:
        // React would otherwise move a large one to the end of the document, behind its skeleton
        // that only an inline script swaps out (a page that needs scripts to be whole, and shifts
        // when they run). Parts still loading stream in as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (readyOption === 'onShellReady') showShell();
        },
        onAllReady() {
          // A finished page lets go of its deadline: the timer would otherwise keep the whole
          // render alive for six seconds after the answer, to be aged by the garbage collector.
          clearTimeout(deadline);
          if (readyOption === 'onAllReady') showShell();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject the promise and reach handleError; log the rest here.
          if (shellRendered) loadContext.logError(error);
        },
      },
    );
    const deadline = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Loader, action and rendering errors go to the server's log with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A shopper who navigates away aborts the request; that is not an error.
  if (request.signal.aborted) return;
  (context as AppLoadContext).logError(error);
};
