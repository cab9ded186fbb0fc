import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkForgotPassword,
  checkLogin,
  checkNewPassword,
  checkRegistration,
  codeFromPaste,
  digitFromInput,
  emptyCode,
  loginPayload,
  readNavigationState,
  registrationPayload,
  verificationEmail,
  verifyCodePath,
} from './auth-rules';

const registration = { name: 'Ahmad', email: 'a@example.com', password: 'secret1', phone: '', address: '' };

describe('login pre-check', () => {
  it('asks for the email and the password', () => {
    expect(checkLogin({ email: ' ', password: '' })).toEqual({
      email: { key: 'account.login.email_required' },
      password: { key: 'account.login.password_required' },
    });
  });

  it('refuses an address without a domain', () => {
    expect(checkLogin({ email: 'ahmad@shop', password: 'x' }).email).toEqual({ key: 'account.login.email_invalid' });
  });

  it('accepts a valid form and trims and lower-cases the email for the server', () => {
    expect(checkLogin({ email: ' Ahmad@Example.com ', password: ' pw ' })).toEqual({});
    expect(loginPayload({ email: ' Ahmad@Example.com ', password: ' pw ' })).toEqual({
      email: 'ahmad@example.com',
      password: ' pw ',
    });
  });
});

describe('registration pre-check', () => {
  it('accepts a valid form without phone and address', () => {
    expect(checkRegistration(registration)).toEqual({});
  });

  it('reports each rule with its minimum', () => {
    expect(checkRegistration({ name: '', email: '', password: '', phone: '', address: '' })).toEqual({
      name: { key: 'account.register.name_required' },
      email: { key: 'account.login.email_required' },
      password: { key: 'account.register.password_required' },
    });
    expect(checkRegistration({ ...registration, name: ' A ', password: '12345', phone: '1234567' })).toEqual({
      name: { key: 'account.register.name_too_short', params: { count: 2 } },
      password: { key: 'account.register.password_too_short', params: { count: 6 } },
      phone: { key: 'account.register.phone_too_short', params: { count: 8 } },
    });
  });

  it('sends empty optional fields as null and trims the rest', () => {
    expect(registrationPayload({ ...registration, name: ' Ahmad ', email: 'A@Example.COM', phone: ' 99990000 ', address: ' ' })).toEqual({
      name: 'Ahmad',
      email: 'a@example.com',
      password: 'secret1',
      phone: '99990000',
      address: null,
    });
  });
});

describe('forgot and reset password', () => {
  it('uses the forgot screen wording', () => {
    expect(checkForgotPassword('')).toEqual({ key: 'account.forgot.email_required' });
    expect(checkForgotPassword('not-an-email')).toEqual({ key: 'account.forgot.email_invalid' });
    expect(checkForgotPassword('a@b.co')).toBeNull();
  });

  it('requires a long enough password and a matching confirmation', () => {
    expect(checkNewPassword({ password: '', confirm: '' })).toEqual({
      password: { key: 'account.reset.password_required' },
      confirm: { key: 'account.reset.confirm_required' },
    });
    expect(checkNewPassword({ password: '12345', confirm: '12345' }).password).toEqual({
      key: 'account.reset.password_too_short',
      params: { count: 6 },
    });
    expect(checkNewPassword({ password: '123456', confirm: '123457' })).toEqual({
      confirm: { key: 'account.reset.mismatch' },
    });
    expect(checkNewPassword({ password: '123456', confirm: '123456' })).toEqual({});
  });
});

describe('verification code boxes', () => {
  it('keeps one digit per box, the last one typed, Arabic-Indic digits included', () => {
    expect(digitFromInput('7')).toBe('7');
    expect(digitFromInput('47')).toBe('7');
    expect(digitFromInput('a')).toBe('');
    expect(digitFromInput('٣')).toBe('3');
    expect(digitFromInput('۹')).toBe('9');
  });

  it('fills all boxes only from a pasted six-digit code', () => {
    expect(codeFromPaste('123456')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeFromPaste(' 123-456 ')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeFromPaste('١٢٣٤٥٦')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(codeFromPaste('12345')).toBeNull();
    expect(codeFromPaste('1234567')).toBeNull();
    expect(codeFromPaste('your code is 123456')).toBeNull();
  });

  it('asks for all six digits until the code is complete', () => {
    expect(emptyCode()).toEqual(['', '', '', '', '', '']);
    expect(checkCode(['1', '2', '3', '', '5', '6'])).toEqual({ key: 'account.verify.incomplete' });
    expect(checkCode(['1', '2', '3', '4', '5', '6'])).toBeNull();
  });
});

describe('navigation between the screens', () => {
  it('reads only well-formed state', () => {
    expect(readNavigationState(null)).toEqual({});
    expect(readNavigationState({ email: 'a@b.co', message: 'Hi', verificationSent: false, extra: 1 })).toEqual({
      email: 'a@b.co',
      message: 'Hi',
      verificationSent: false,
    });
    expect(readNavigationState({ email: 5, message: '' })).toEqual({});
  });

  it('takes the e-mail to verify from the state, else from the address', () => {
    expect(verificationEmail({ email: 'A@b.co' }, new URLSearchParams('email=c@d.co'))).toBe('a@b.co');
    expect(verificationEmail({}, new URLSearchParams('email=c%40d.co'))).toBe('c@d.co');
    expect(verificationEmail({}, new URLSearchParams('email=nonsense'))).toBeNull();
    expect(verificationEmail({}, new URLSearchParams())).toBeNull();
    expect(verifyCodePath('A+B@Example.com')).toBe('/verify-code?email=a%2Bb%40example.com');
  });
});
