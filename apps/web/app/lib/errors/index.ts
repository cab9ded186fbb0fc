/**
 * The error kit of the storefront and the back office: a failure's text, an ended session, a refused
 * form. The back office's own text hook is in staff-error-text.ts.
 */
export { errorText, failureText, notSent, serverMessage, useErrorText, type Audience, type ErrorTexts } from './error-text';
export { applyRefusal, useFormRefusal, useRefusal, type RefusableForm, type Refusal } from './form-refusal';
export { endInvalidSession, isInvalidTokenError, staysOnInvalidToken, type EndableSession } from './session';
export { useSessionFailure, useSessionFailureOf } from './use-session-failure';
