import { describe, expect, it } from 'vitest';
import { createIsbnReadConfirmer } from './isbn-reads';

describe('camera read confirmation', () => {
  it('accepts an ISBN read twice in a row', () => {
    const read = createIsbnReadConfirmer();
    expect(read('9780451524935')).toBeNull();
    expect(read('9780451524935')).toBe('9780451524935');
  });

  it('does not accept two different reads', () => {
    const read = createIsbnReadConfirmer();
    expect(read('9780451524935')).toBeNull();
    expect(read('9780061120084')).toBeNull();
    expect(read('9780061120084')).toBe('9780061120084');
  });

  it('ignores codes whose checksum fails, and empty frames, without breaking a pair', () => {
    const read = createIsbnReadConfirmer();
    expect(read('9780451524935')).toBeNull();
    expect(read('9780451524936')).toBeNull();
    expect(read(null)).toBeNull();
    expect(read('4006381333931')).toBeNull(); // a valid EAN-13 that is not an ISBN
    expect(read('9780451524935')).toBe('9780451524935');
  });

  it('starts a new pair after a confirmed read', () => {
    const read = createIsbnReadConfirmer();
    read('9780451524935');
    read('9780451524935');
    expect(read('9780451524935')).toBeNull();
  });
});
