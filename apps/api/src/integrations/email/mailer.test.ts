import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('mail configuration', () => {
  it('uses the development outbox when SMTP_URL is unset', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBeUndefined();
  });

  it('requires MAIL_FROM when SMTP_URL is set, naming it', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' })).toThrow(
      /MAIL_FROM: is required when SMTP_URL is set/,
    );
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Shop <no-reply@example.com>',
    });
    expect(config.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(config.mailFrom).toBe('Shop <no-reply@example.com>');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com', MAIL_FROM: 'a@example.com' })).toThrow(/SMTP_URL/);
  });
});
