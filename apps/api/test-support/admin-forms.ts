import type { apiCaller, CallOptions, TestHttpMethod } from './http.js';
import { multipartBody, testPicture, type FormFile } from './multipart.js';
import { signedInAs } from './staff.js';
import type { TestContext } from './test-app.js';

/**
 * What the back office's API tests (categories, slider, settings) share: a signed-in account of
 * each role, picture files for a form's file field, a multipart sender and the per-field messages
 * of a refusal.
 */

export type SignedIn = Awaited<ReturnType<typeof signedInAs>>;

/** An administrator, a moderator and a customer, each with a live session. */
export async function signedInStaff(
  ctx: TestContext,
): Promise<{ admin: SignedIn; moderator: SignedIn; customer: SignedIn }> {
  return {
    admin: await signedInAs(ctx, 'admin'),
    moderator: await signedInAs(ctx, 'moderator'),
    customer: await signedInAs(ctx, 'customer'),
  };
}

/** A small real picture sent in the form's `field` as `<baseName>.<format>`. */
export async function pictureFile(
  field: string,
  baseName: string,
  format: 'png' | 'jpeg' = 'png',
  background = '#c33',
): Promise<FormFile> {
  return {
    field,
    name: `${baseName}.${format}`,
    type: `image/${format}`,
    data: await testPicture(format, background),
  };
}

/**
 * Sends a form as multipart through `call`: by the account whose token `defaultToken` gives
 * unless `options.token` says otherwise; headers of `options` are added to the form's own.
 */
export function multipartSender(call: ReturnType<typeof apiCaller>, defaultToken: () => string) {
  return async (
    method: TestHttpMethod,
    url: string,
    fields: Record<string, string>,
    files: FormFile[] = [],
    options: CallOptions = {},
  ) => {
    const body = await multipartBody(fields, files);
    return call(method, url, body.payload, {
      token: defaultToken(),
      ...options,
      headers: { ...body.headers, ...options.headers },
    });
  };
}

/** The messages of a refusal by field: `details` of `{ success: false, … }`. */
export function fieldMessages(reply: { json(): unknown }): Record<string, string> {
  const body = reply.json() as { details?: Array<{ field: string; message: string }> };
  return Object.fromEntries((body.details ?? []).map((detail) => [detail.field, detail.message]));
}
