import { Input, type InputProps, type InputRef } from 'antd';
import { type ChangeEvent, forwardRef } from 'react';

/**
 * What a money field shows for what was typed: the digits grouped by thousands with dots as they are typed
 * ('150000' and '150.000' both show '150.000'), a comma and the sen typed after it kept as typed (the form says
 * sen are not allowed), a leading minus kept (the form says it is not allowed), 'Rp' and anything else dropped.
 * What is shown is what will be saved.
 */
export function groupRupiahAsTyped(raw: string): string {
  const sign = raw.trim().startsWith('-') ? '-' : '';
  const comma = raw.indexOf(',');
  const whole = (comma < 0 ? raw : raw.slice(0, comma)).replace(/^\s*rp\.?/i, '').replace(/\D/g, '');
  const sen = comma < 0 ? null : raw.slice(comma + 1).replace(/\D/g, '');
  // Grouped as text, not through Number: 15 digits and more keep every digit.
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped}${sen === null ? '' : `,${sen}`}`;
}

/** How many digits, commas and minus signs stand in `text` from `from` to the end: where the caret is, read from the right. */
const meaningfulAfter = (text: string, from: number) => text.slice(from).replace(/[^\d,-]/g, '').length;

/** The caret position in `text` with `count` meaningful characters to its right. */
function caretWith(text: string, count: number): number {
  let seen = 0;
  for (let i = text.length; i > 0; i--) {
    if (seen === count) return i;
    if (/[\d,-]/.test(text.charAt(i - 1))) seen++;
  }
  return 0;
}

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'prefix' | 'inputMode'> {
  /** The text as typed (a form keeps it; `rupiahText` of the contract reads it). */
  value: string | null | undefined;
  onChange: (text: string) => void;
}

/**
 * THE money field (fee prices, bill item price, discount and bail, payment amounts): 'Rp' before it, a keypad
 * with the comma on phones, dots between thousands as the amount is typed, the caret kept where it was among the
 * digits. Pasting 'Rp 1.250.000' gives 1.250.000. Its value is the text; the form's schema reads the number.
 */
export const MoneyInput = forwardRef<InputRef, MoneyInputProps>(function MoneyInput(
  { value, onChange, ...props },
  ref,
) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const raw = input.value;
    const next = groupRupiahAsTyped(raw);
    const caret = caretWith(next, meaningfulAfter(raw, input.selectionStart ?? raw.length));
    onChange(next);
    // After React has written the new text: put the caret back among the same digits.
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(caret, caret);
    });
  };
  return (
    <Input
      ref={ref}
      autoComplete="off"
      {...props}
      prefix="Rp"
      inputMode="decimal"
      value={value ?? ''}
      onChange={change}
    />
  );
});
