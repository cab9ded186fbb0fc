/**
 * The error kit of the storefront and the back office: a failure's text, an ended session, a refused
 * form. The back office's own text hook is in staff-error-text.ts.
 */
export { errorText, failureText, serverMessage, useErrorText } from './error-text';
export { useFormRefusal } from './form-refusal';
export { useSessionFailure, useSessionFailureOf } from './use-session-failure';
