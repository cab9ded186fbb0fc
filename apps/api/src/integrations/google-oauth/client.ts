import * as oidc from 'openid-client';
import { z } from 'zod';

export interface GoogleOAuthSettings {
  /** OpenID issuer identifier, e.g. https://accounts.google.com. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back with `code` and `state`. */
  redirectUri: string;
  /** Seconds each request to the provider may take. */
  timeoutSeconds?: number;
}

/** The secrets of one sign-in attempt, kept by the browser (signed cookie) until the callback. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What the verified ID token says about the person. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** The provider's discovery document could not be fetched or is invalid. */
export class GoogleUnavailableError extends Error {
  override name = 'GoogleUnavailableError';
}

/** The code exchange or the ID token check failed; `message` is safe to log (no tokens, no codes). */
export class GoogleAuthFailedError extends Error {
  override name = 'GoogleAuthFailedError';
}

const SCOPE = 'openid email profile';
const DEFAULT_TIMEOUT_SECONDS = 10;

const optionalText = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((value) => (value ? value : undefined));

const idTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().trim().pipe(z.email().max(254)),
  // Google sends a boolean; some providers send the string "true".
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')])
    .catch(false),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
});

/** A plain http issuer is only accepted on loopback (config guarantees it): the local test provider. */
const isPlainHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

/**
 * Why a provider call failed, from the error and its causes: codes and the library's fixed
 * messages (e.g. 'unexpected JWT "aud" (audience) claim value'), never tokens, codes or secrets.
 */
function describeFailure(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) {
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${code}: ${current.message}` : current.message);
    current = current.cause;
  }
  return parts.length > 0 ? parts.join(' <- ') : 'unknown error';
}

/**
 * OpenID Connect client for Google (authorization code flow with PKCE S256, state and nonce).
 * The discovery document is fetched on first use and kept; a failed discovery is retried on the
 * next call.
 */
export function createGoogleOAuthClient(settings: GoogleOAuthSettings) {
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    if (configuration) return configuration;
    const pending = oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        // Signatures are checked against the provider's JWKS (see enableNonRepudiationChecks).
        { client_secret: settings.clientSecret, id_token_signed_response_alg: 'RS256' },
        oidc.ClientSecretPost(settings.clientSecret),
        {
          timeout: settings.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
          execute: [
            ...(isPlainHttp(settings.issuer) ? [oidc.allowInsecureRequests] : []),
            oidc.enableNonRepudiationChecks,
          ],
        },
      )
      .catch((error: unknown) => {
        if (configuration === pending) configuration = undefined;
        throw new GoogleUnavailableError(`discovery of ${settings.issuer} failed: ${describeFailure(error)}`);
      });
    configuration = pending;
    return pending;
  }

  return {
    /** The consent page URL and the secrets the callback must present again. */
    async startAuthorization(): Promise<{ url: string; pending: PendingAuthorization }> {
      const config = await discover();
      const pending: PendingAuthorization = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        response_type: 'code',
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /**
     * Exchanges the code at the token endpoint and verifies the ID token (signature via the JWKS,
     * issuer, audience, expiry, nonce). The caller has already matched `state` to the pending one.
     */
    async completeAuthorization(
      callback: { code: string; state: string },
      pending: PendingAuthorization,
    ): Promise<VerifiedIdentity> {
      const config = await discover();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.searchParams.set('code', callback.code);
      currentUrl.searchParams.set('state', callback.state);
      let claims: unknown;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new GoogleAuthFailedError(describeFailure(error));
      }
      const parsed = idTokenClaimsSchema.safeParse(claims);
      if (!parsed.success) {
        throw new GoogleAuthFailedError(
          `ID token lacks ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
        );
      }
      return {
        subject: parsed.data.sub,
        email: parsed.data.email.toLowerCase(),
        emailVerified: parsed.data.email_verified,
        name: parsed.data.name,
        givenName: parsed.data.given_name,
        familyName: parsed.data.family_name,
      };
    },
  };
}

export type GoogleOAuthClient = ReturnType<typeof createGoogleOAuthClient>;
