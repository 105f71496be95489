import { z } from 'zod';
import { LIBRARY_NAME_MIN_LENGTH } from '../constants';
import { asName, libraryIdField } from './common';

export const librarySchema = z.object({ id: z.number().int(), name: z.string() });
export type Library = z.infer<typeof librarySchema>;
export const librariesResponse = z.array(librarySchema);

/** One library by id (the kiosk's header and title). */
export const libraryQuery = z.strictObject({ libraryId: libraryIdField() });

/**
 * A word of letters from two of the alphabets whose letters look alike (Latin, Greek, Cyrillic): 'Сentral' with
 * a Cyrillic С passes for 'Central' on screen. A name wholly in one of them, or words each in its own, is fine;
 * words end at anything but a letter, so 'IT-библиотека' and 'e-Βιβλιοθήκη' are two words each.
 */
function mixesLookalikeAlphabets(name: string) {
  return name.split(/[^\p{L}\p{M}]+/u).some((word) => [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u].filter((alphabet) => alphabet.test(word)).length > 1);
}

const LIBRARY_NAME_MIXED_ALPHABETS = 'Library name must not mix letters of different alphabets in one word.';

export const createLibraryInput = z.strictObject({
  /**
   * Picked by its name alone (the selectors, the kiosk's title), so read as people see it (asName), and no word
   * that mixes look-alike alphabets. Kept as written: the server compares names under NFKC too (libraries.ts).
   */
  name: z
    .string({ error: 'Library name must be at least 3 characters long' })
    .overwrite(asName)
    .min(LIBRARY_NAME_MIN_LENGTH, 'Library name must be at least 3 characters long')
    .max(120, 'Library name must be at most 120 characters long')
    .refine((name) => !mixesLookalikeAlphabets(name), LIBRARY_NAME_MIXED_ALPHABETS),
  /**
   * Made by the caller for one create, and sent again with it only when its answer was lost: the server
   * answers a taken name with the library made by this very create, and refuses it otherwise (services/libraries.ts).
   */
  requestKey: z.uuid('Request key must be a UUID.').optional(),
});
