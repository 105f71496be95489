import { describe, expect, it } from 'vitest';
import { createLibraryInput } from '../../shared/schemas';
import { newRequestKey } from './request-key';

describe('request keys', () => {
  it('are version 4 UUIDs the create schema takes, a new one each time', () => {
    const keys = Array.from({ length: 200 }, newRequestKey);
    for (const requestKey of keys) {
      expect(requestKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(createLibraryInput.safeParse({ name: 'Oak Hall', requestKey }).success).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
