import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Emma')).toBe('Emma');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Austen, Jane')).toBe('"Austen, Jane"');
    expect(csvField('The "Best" Book')).toBe('"The ""Best"" Book"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@import')).toBe("'@import");
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends after a byte order mark', () => {
    expect(toCsv(['Title', 'Copies'], [['Emma', 2], ['Persuasion', null]])).toBe('\uFEFFTitle,Copies\r\nEmma,2\r\nPersuasion,\r\n');
  });
});
