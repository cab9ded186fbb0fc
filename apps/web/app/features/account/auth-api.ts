import type {
  AuthResponse,
  GoogleStartResponse,
  MessageResponse,
  VerifyResetTokenResponse,
} from '@shop/shared';
import { browserApi } from '../../lib/api';
import type { LoginForm } from './auth-rules';
import { registrationPayload, type RegistrationForm } from './auth-rules';

/** The accounts calls of the sign-in screens. */

export const logIn = (credentials: LoginForm) => browserApi().post<AuthResponse>('/auth/login', credentials);

export const register = (form: RegistrationForm) =>
  browserApi().post<AuthResponse>('/auth/register', registrationPayload(form));

export const resendVerificationCode = (email: string) =>
  browserApi().post<MessageResponse>('/auth/resend-verification-code', { email });

export const verifyEmailCode = (email: string, code: string) =>
  browserApi().post<MessageResponse>('/auth/verify-email-code', { email, code });

export const requestPasswordReset = (email: string) =>
  browserApi().post<MessageResponse>('/auth/forgot-password', { email });

export const checkResetToken = (token: string) =>
  browserApi().get<VerifyResetTokenResponse>(`/auth/verify-reset-token/${encodeURIComponent(token)}`);

export const resetPassword = (token: string, password: string) =>
  browserApi().post<MessageResponse>('/auth/reset-password', { token, password });

export const startGoogleSignIn = () => browserApi().post<GoogleStartResponse>('/auth/google');

export const completeGoogleSignIn = (code: string, state: string) =>
  browserApi().post<AuthResponse>('/auth/google/callback', { code, state });
