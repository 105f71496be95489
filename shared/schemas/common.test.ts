import { describe, expect, it } from 'vitest';
import { asName, phoneDigits, phoneNumberField } from './common';

describe('a phone number as digits', () => {
  it('drops what is not a digit, and reads the digits of any script as 0 to 9', () => {
    expect(phoneDigits('(555) 010-0000')).toBe('5550100000');
    expect(phoneDigits('٥٥٥ ٠١٠ ٠٠٠٠')).toBe('5550100000'); // Arabic-Indic
    expect(phoneDigits('۵۵۵۰۱۰۰۰۰۹')).toBe('5550100009'); // Extended Arabic-Indic (Persian)
    expect(phoneDigits('५५५-०१०-१२३४')).toBe('5550101234'); // Devanagari
    expect(phoneDigits('５５５０１０６７８９')).toBe('5550106789'); // full width
    expect(phoneDigits('𝟓𝟓𝟓𝟎𝟏𝟎𝟗𝟖𝟕𝟔')).toBe('5550109876'); // mathematical bold, the first of five runs back to back
    expect(phoneDigits('𝟻𝟻𝟻𝟶𝟷𝟶𝟶𝟶𝟶𝟿')).toBe('5550100009'); // mathematical monospace, the last
    expect(phoneDigits('phone: ²³ ½ Ⅻ')).toBe(''); // superscripts, fractions and numerals are not decimal digits
  });

  it('takes a number written in other digits at registration, and still counts its digits', () => {
    expect(phoneNumberField().parse('٥٥٥ ٠١٠ ٠٠٠٠')).toBe('5550100000');
    expect(phoneNumberField().safeParse('٥٥٥ ٠١٠').error?.issues[0]?.message).toBe('Phone number seems too short');
  });
});

describe('a name as people read it', () => {
  it.for([
    ['  Ada Lovelace  ', 'Ada Lovelace'],
    ['Ada\t\tLovelace', 'Ada Lovelace'],
    ['Hill Top\n\nLibrary', 'Hill Top Library'],
    ['Other\u00a0 Branch', 'Other Branch'],
    ['Other\u200bBranch', 'OtherBranch'],
    ['\ufeffEve\u2060', 'Eve'],
    ['\u202eAda\u202c', 'Ada'],
    ['\u3164Ada\u3164', 'Ada'],
    ['\u200b\u2800\u3164\u00ad', ''],
    ['\u3164 \u3164 \u3164', ''],
    ['Cafe\u0301', 'Caf\u00e9'],
    ['Bell\u0007', 'Bell'],
    // Format characters of every block, selectors with nothing to select, tags outside a flag, idle joiners.
    ['\ufe0f\ufe0f\ufe0f', ''],
    ['\u206a\u206b\u206c', ''],
    ['\u{e0041}\u{e0042}\u{e0043}', ''],
    ['\u200d\u200d\u200d', ''],
    ['\u180b\u180c\u180d', ''],
    ['\ufff9\ufffa\ufffb', ''],
    ['\u{1d173}\u{1d17a}\u{e0001}', ''],
    ['Cen\u200dtral Library', 'Central Library'],
    ['Central\u200c Library', 'Central Library'],
    ['Central Library\ufe0f', 'Central Library'],
    ['Central Library\u206a', 'Central Library'],
    ['Central \u{e0020}Library', 'Central Library'],
    ['Central Library\u{e007f}', 'Central Library'],
    ['Central Library\u{e0100}', 'Central Library'],
    ['❤\ufe0f\ufe0f Books', '❤\ufe0f Books'],
    ['Branch 1\ufe0f', 'Branch 1'],
    ['שלום\u200d', 'שלום'],
    ['Caf\u00e9\u200b', 'Caf\u00e9'],
    // An accent kept from its letter by a character that goes joins it: the same name as the composed one.
    ['Cafe\u200d\u0301 Library', 'Caf\u00e9 Library'],
    ['Cafe\u034f\u0301', 'Caf\u00e9'],
  ])('%j reads %j', ([typed, read]) => {
    expect(asName(typed)).toBe(read);
  });

  it('keeps what joins or selects: emoji sequences and flags, the letters of scripts that need a joiner, ideographic variants, signs drawn by a format character', () => {
    expect(asName('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧 Family');
    expect(asName('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(asName('Ⓜ️ Tomás Ñandú 李小龍')).toBe('Ⓜ️ Tomás Ñandú 李小龍');
    expect(asName('❤️‍🔥 Readers 👩🏽‍💻')).toBe('❤️‍🔥 Readers 👩🏽‍💻');
    expect(asName('क्\u200dष Library')).toBe('क्\u200dष Library');
    expect(asName('\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} Hub')).toBe('\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} Hub');
    expect(asName('辻\u{e0100}村')).toBe('辻\u{e0100}村');
    expect(asName('\u0600\u0661\u0662')).toBe('\u0600\u0661\u0662');
    expect(asName('1\ufe0f\u20e3 Branch')).toBe('1\ufe0f\u20e3 Branch');
    expect(asName('\u1820\u180e\u1828 Library')).toBe('\u1820\u180e\u1828 Library');
    expect(asName('كتاب\u064e\u200cخانه')).toBe('كتاب\u064e\u200cخانه');
  });

  it('reads a name of blank letters as long as a request body may be at once, not in seconds of backtracking', () => {
    const blanks = '\u2800'.repeat(200_000);
    expect(asName(`a${blanks}b`)).toBe(`a${blanks}b`);
    expect(asName(`${blanks}Ada${blanks}`)).toBe('Ada');
    expect(asName(` ${blanks}`)).toBe('');
  });
});
