import { describe, expect, it } from 'vitest';
import { numbered } from './sql';

describe('numbered', () => {
  it('numbers the placeholders in order, as PostgreSQL reads them', () => {
    expect(numbered('select * from books where library_id = ? and title ilike ? limit ?')).toBe(
      'select * from books where library_id = $1 and title ilike $2 limit $3',
    );
  });

  it('keeps an escaped question mark as a literal one', () => {
    expect(numbered(`select '\\?' as mark, ? as id`)).toBe(`select '?' as mark, $1 as id`);
  });

  it('leaves SQL without placeholders as it is', () => {
    expect(numbered('select 1')).toBe('select 1');
  });
});
