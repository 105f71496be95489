const ANY_DIGIT = /\p{Nd}/u;

/**
 * A decimal digit of any script as 0 to 9: Unicode's decimal digits come in runs of ten code points from
 * zero up (the mathematical ones, five runs, back to back), so its value is its place in its run.
 */
const digitValue = (digit: string) => {
  const at = digit.codePointAt(0)!;
  let before = 0;
  while (ANY_DIGIT.test(String.fromCodePoint(at - before - 1))) before++;
  return String(before % 10);
};

/** Every decimal digit of any script (full-width, Arabic-Indic, Devanagari, ...) as its ASCII digit; other text as it is. */
export const asciiDigits = (text: string) => text.replace(/\p{Nd}/gu, (digit) => (digit <= '9' ? digit : digitValue(digit)));
