import { useRef } from 'react';
import { VERIFICATION_CODE_LENGTH } from '@shop/shared';
import { useI18n } from '../../i18n/i18n';
import { asciiDigits, codeFromPaste, digitFromInput } from './auth-rules';

/**
 * Six one-digit boxes of the verify-code screen: typing moves to the next box, Backspace
 * in an empty box goes back, arrows move, and pasting a 6-digit code into any box (or the
 * phone's one-time-code autofill into the first) fills them all. `onChange` receives every new
 * set of digits; the screen decides when a complete code is submitted.
 */
export function CodeInputs({
  digits,
  onChange,
  disabled,
  errorId,
  invalid,
  labelledBy,
}: {
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  /** The id of the element that describes a problem with the code. */
  errorId: string;
  invalid: boolean;
  labelledBy: string;
}) {
  const { t } = useI18n();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(VERIFICATION_CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  function fillAll(code: string[]) {
    onChange(code);
    focusBox(VERIFICATION_CODE_LENGTH - 1);
  }

  function typed(index: number, value: string) {
    // Autofill of a one-time code, or a browser that pastes without a paste event.
    const whole = codeFromPaste(value);
    if (whole) {
      fillAll(whole);
      return;
    }
    const digit = digitFromInput(value);
    const next = [...digits];
    next[index] = digit;
    onChange(next);
    if (digit && index < VERIFICATION_CODE_LENGTH - 1) focusBox(index + 1);
  }

  function keyDown(index: number, event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function pasted(event: React.ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    const code = codeFromPaste(text);
    if (code) {
      event.preventDefault();
      fillAll(code);
    } else if (asciiDigits(text).replace(/\D/g, '').length !== 1) {
      // Anything but one digit or a whole code would only scramble the boxes.
      event.preventDefault();
    }
  }

  return (
    // Codes read left to right in Arabic too, so the first digit is the leftmost box.
    <div role="group" aria-labelledby={labelledBy} dir="ltr" className="flex justify-center gap-2 sm:gap-3">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={index === 0}
          name={`code-${index + 1}`}
          value={digit}
          disabled={disabled}
          aria-label={t('account.verify.digit_label', { position: index + 1, total: VERIFICATION_CODE_LENGTH })}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          onChange={(event) => typed(index, event.target.value)}
          onKeyDown={(event) => keyDown(index, event)}
          onPaste={pasted}
          onFocus={(event) => event.target.select()}
          className={`h-12 w-10 rounded-lg border bg-white text-center text-xl font-semibold text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:bg-stone-100 sm:h-14 sm:w-12 ${invalid ? 'border-red-600' : 'border-stone-300'}`}
        />
      ))}
    </div>
  );
}
