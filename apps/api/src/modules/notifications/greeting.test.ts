import { describe, expect, it } from 'vitest';
import { greetingName } from './greeting.js';

describe('greetingName', () => {
  it("keeps a person's name in any script, spaces tidied", () => {
    expect(greetingName('فاطمة علي')).toBe('فاطمة علي');
    expect(greetingName('  Fatima   Al-Kandari ')).toBe('Fatima Al-Kandari');
    expect(greetingName("Mary O'Neil")).toBe("Mary O'Neil");
    expect(greetingName('عبدالله بن محمد آل ثاني')).toBe('عبدالله بن محمد آل ثاني');
  });

  it('repeats no link, digits, markup, address or sentence a stranger could have typed', () => {
    for (const typed of [
      'Visit http://evil.example <b>now</b>',
      'Call 99887766',
      'evil.example/login',
      'fatima@example.com',
      '<script>alert(1)</script>',
      'Your parcel is held pay the fee today',
      '',
      'x'.repeat(61),
    ]) {
      expect(greetingName(typed), typed).toBeNull();
    }
  });
});
