import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '@shop/shared';
import { adminMessagesFor, messagesFor } from '../../i18n/catalogues.server';
import { I18nProvider } from '../../i18n/i18n';
import { ApiError } from '../api';
import { errorText, failureText, notSent, serverMessage, useErrorText } from './error-text';
import { useStaffErrorText } from './staff-error-text';

const texts = { fallback: 'Failed to add item to cart', notSent: "Couldn't send — you're offline." };

describe('notSent', () => {
  it('is true when the API client could not reach the server', () => {
    expect(notSent(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe(true);
  });

  it("is true for the browsers' own fetch failures", () => {
    expect(notSent(new TypeError('Failed to fetch'))).toBe(true);
    expect(notSent(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(notSent(new TypeError('Load failed'))).toBe(true);
  });

  it('is false for an answer of the server and for a programming error', () => {
    expect(notSent(new ApiError(409, 'OUT_OF_STOCK', 'Not enough stock'))).toBe(false);
    expect(notSent(new ApiError(500, 'INTERNAL', 'Internal Server Error'))).toBe(false);
    expect(notSent(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(notSent(undefined)).toBe(false);
  });
});

describe('errorText for a shopper', () => {
  it('says the action was not sent when the network failed', () => {
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), texts)).toBe(texts.notSent);
    expect(errorText(new TypeError('Failed to fetch'), texts)).toBe(texts.notSent);
  });

  it("shows the server's own message for a refusal", () => {
    expect(errorText(new ApiError(400, 'VALIDATION_ERROR', 'Quantity must be at least 1'), texts)).toBe(
      'Quantity must be at least 1',
    );
  });

  it("falls back to the action's text for a server failure, an empty message or an unknown error", () => {
    expect(errorText(new ApiError(500, 'INTERNAL', 'Internal Server Error'), texts)).toBe(texts.fallback);
    expect(errorText(new ApiError(502, 'INTERNAL', 'Bad Gateway'), texts)).toBe(texts.fallback);
    expect(errorText(new ApiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a minute'), texts)).toBe(
      'Try again in a minute',
    );
    expect(errorText(new ApiError(404, 'NOT_FOUND', ''), texts)).toBe(texts.fallback);
    expect(errorText(new Error('boom'), texts)).toBe(texts.fallback);
  });
});

describe('server replies', () => {
  it('prefers the server message but not for network or unexplained failures', () => {
    expect(serverMessage(new ApiError(401, 'UNAUTHENTICATED', 'Invalid email or password'))).toBe('Invalid email or password');
    expect(serverMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBeNull();
    expect(serverMessage(new ApiError(502, 'INTERNAL', 'Bad Gateway'))).toBeNull();
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});

describe('errorText for staff', () => {
  const staff = { fallback: 'An unexpected error occurred', audience: 'staff' as const };

  it("shows the server's message, also for an unexpected failure, which a shopper never reads", () => {
    expect(errorText(new ApiError(409, 'CONFLICT', 'The category has products'), staff)).toBe('The category has products');
    expect(errorText(new ApiError(500, 'INTERNAL', 'Internal Server Error'), staff)).toBe('Internal Server Error');
    expect(errorText(new ApiError(500, 'INTERNAL', 'Internal Server Error'), texts)).toBe(texts.fallback);
  });

  it('falls back without an answer, without a message, or for an unknown error (no "not sent" text unless given)', () => {
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), staff)).toBe(staff.fallback);
    expect(errorText(new ApiError(404, 'NOT_FOUND', ''), staff)).toBe(staff.fallback);
    expect(errorText(new Error('boom'), staff)).toBe(staff.fallback);
  });

  it('names what failed in a toast, then the reason when there is one', () => {
    expect(failureText('Delete failed', new ApiError(409, 'CONFLICT', 'Still used by 2 products'))).toBe('Delete failed: Still used by 2 products');
    expect(failureText('Delete failed', new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'))).toBe('Delete failed');
    expect(failureText('Delete failed', new Error('boom'))).toBe('Delete failed');
  });
});

describe('the texts in the page language', () => {
  function ShopperText({ error }: { error: unknown }) {
    return <p>{useErrorText()(error, 'FALLBACK')}</p>;
  }
  function StaffText({ error }: { error: unknown }) {
    return <p>{useStaffErrorText()(error)}</p>;
  }
  const render = (lang: Language, screen: ReactNode) =>
    renderToString(
      <I18nProvider lang={lang} messages={{ ...messagesFor(lang), ...adminMessagesFor(lang) }}>
        {screen}
      </I18nProvider>,
    ).replace(/<\/?p>/g, '').replace(/&#x27;/g, "'");

  it('shows staff the generic fallback for an unknown error, in Arabic and in English', () => {
    expect(render('ar', <StaffText error={new Error('boom')} />)).toBe('حدث خطأ غير متوقع، يرجى المحاولة مرة أخرى');
    expect(render('en', <StaffText error={new Error('boom')} />)).toBe('An unexpected error occurred, please try again');
  });

  it("tells a shopper an action was not sent, in Arabic and in English, and otherwise gives the screen's fallback", () => {
    const offline = new TypeError('Failed to fetch');
    expect(render('ar', <ShopperText error={offline} />)).toBe('تعذّر الإرسال لأنك غير متصل بالإنترنت. حاول مرة أخرى عند عودة الاتصال.');
    expect(render('en', <ShopperText error={offline} />)).toBe("Couldn't send — you're offline. Try again when you're connected.");
    expect(render('en', <ShopperText error={new Error('boom')} />)).toBe('FALLBACK');
  });
});
