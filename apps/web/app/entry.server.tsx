import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from 'react-router';
import { VISITOR_GONE_STATUS } from '@shop/shared';
import { languageFromRequest } from './lib/language.server';
import { NonceContext } from './lib/nonce';
import {
  bareAnswerResponse,
  pageAnswerOf,
  pageAnswerResponse,
  strongerAnswer,
  type PageAnswer,
} from './lib/page-answer';
import { renderingTook, renderTurn } from './lib/render-turns.server';
import { SameMarkupContext } from './lib/same-markup';
import { keptMarkupStage, pageMarkupReuse } from './lib/same-markup.server';
import { FlushJoined, pipeThrough, scriptsAfterFirstPaint } from './lib/script-priority.server';

export const streamTimeout = 5_000;

/** What a request's loaders let through, as handleError saw it (before React Router hides it). */
interface Failures {
  /** The strongest API refusal that is the page's own answer (lib/page-answer.ts). */
  answer?: PageAnswer;
  /** Anything else: the page is a server failure, a 500. */
  unexpected: boolean;
}
const failuresOf = new WeakMap<Request, Failures>();
/** The responses handleRequest throws to have the page rendered again as its answer. */
const answerResponses = new WeakSet<object>();

/** The page's answer when every error its loaders let through was one (lib/page-answer.ts). */
function pageAnswerFor(request: Request): PageAnswer | undefined {
  const failures = failuresOf.get(request);
  return failures?.unexpected ? undefined : failures?.answer;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // React Router answers every error a loader throws with a 500 and, in production, hands the
  // error page a blank error. Errors reach handleError first, whole: when each of them was an API
  // refusal that is the page's own answer (a bad query string, the database down), throwing a
  // response makes React Router render the page again as that answer's error page, with its
  // status, for the browser and for hydration alike.
  const answer = pageAnswerFor(request);
  if (answer && responseStatusCode === 500) {
    const thrown = pageAnswerResponse(answer, languageFromRequest(request));
    answerResponses.add(thrown);
    throw thrown;
  }
  if (answer?.retryAfter && responseStatusCode === 503)
    responseHeaders.set('Retry-After', answer.retryAfter);
  const nonce = loadContext.cspNonce;
  return renderTurn(request.signal).then((render) =>
    render
      ? renderPage(request, responseStatusCode, responseHeaders, routerContext, nonce, loadContext)
      : visitorGone(),
  );
}

/**
 * The answer to a visitor who left before their page's turn: nothing is rendered for no one. The
 * server aborts the request of a page no cache would keep when its connection closes (web.ts).
 */
function visitorGone(): Response {
  return new Response(null, { status: VISITOR_GONE_STATUS });
}

function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string | undefined,
  loadContext: AppLoadContext,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and the SPA-mode build wait for all content; people get the shell as soon as it is ready.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // A page for everyone has nothing personal: its same-for-everyone parts are kept (decision 070).
    const reuse = loadContext.sharedPage ? pageMarkupReuse() : null;
    const showShell = () => {
      shellRendered = true;
      const body = new FlushJoined();
      const stages = reuse
        ? [scriptsAfterFirstPaint(), keptMarkupStage(reuse)]
        : scriptsAfterFirstPaint();
      const html = pipeThrough(body, stages, (error) => {
        if (!request.signal.aborted) loadContext.logError(error);
      });
      const stream = createReadableStreamFromReadable(html);
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
      // The shell is rendered and written in the pass that started it: what a turn costs.
      if (readyOption === 'onShellReady') renderingTook(performance.now() - startedAt);
    };
    const startedAt = performance.now();
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <SameMarkupContext.Provider value={reuse}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SameMarkupContext.Provider>
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

/**
 * A client navigation's data whose loaders failed with a page's answer: that status alone. The
 * browser's router makes an error response of a reply without React Router's own marker header
 * (X-Remix-Response), so the error page shows the answer's text, as a whole page would.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const answer = pageAnswerFor(request);
  return answer && response.status === 500 ? bareAnswerResponse(answer) : response;
};

/**
 * Loader, action and rendering errors go to the server's log with the request id, and are noted
 * for handleRequest. An API refusal that is the page's answer is not a failure to log: the page's
 * request line has its status, and the API logged an outage (one warning) where it met it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A shopper who navigates away aborts the request; that is not an error.
  if (request.signal.aborted) return;
  if (answerResponses.has(error as object)) return;
  const failures = failuresOf.get(request) ?? { unexpected: false };
  failuresOf.set(request, failures);
  const answer = pageAnswerOf(error);
  if (answer) {
    failures.answer = strongerAnswer(failures.answer, answer);
    return;
  }
  // A route error response (405, 404) has a status of its own; anything else is a server failure.
  if (!isRouteErrorResponse(error)) failures.unexpected = true;
  (context as AppLoadContext).logError(error);
};

/**
 * React Router as bundled into this build (vite.config.ts): the API serves pages with this copy's
 * request handler, so the server runs one React Router, the one its components come from.
 */
export { createRequestHandler } from 'react-router';
/** The server calls it for each connection it takes in (the renderings' turns, decision 077). */
export { connectionArrived } from './lib/render-turns.server';
