import { describe, expect, it } from 'vitest';
import { asName } from './common';

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
  ])('%j reads %j', ([typed, read]) => {
    expect(asName(typed)).toBe(read);
  });

  it('keeps what joins: emoji sequences and the letters of scripts that need a joiner', () => {
    expect(asName('👩‍👩‍👧 Family')).toBe('👩‍👩‍👧 Family');
    expect(asName('می\u200cخواهم')).toBe('می\u200cخواهم');
    expect(asName('Ⓜ️ Tomás Ñandú 李小龍')).toBe('Ⓜ️ Tomás Ñandú 李小龍');
  });
});
