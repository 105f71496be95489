import { z } from 'zod';
import { LIBRARY_NAME_MIN_LENGTH } from '../constants';
import { asName, libraryIdField } from './common';

export const librarySchema = z.object({ id: z.number().int(), name: z.string() });
export type Library = z.infer<typeof librarySchema>;
export const librariesResponse = z.array(librarySchema);

/** One library by id (the kiosk's header and title). */
export const libraryQuery = z.strictObject({ libraryId: libraryIdField() });

export const createLibraryInput = z.strictObject({
  name: z
    .string({ error: 'Library name must be at least 3 characters long' })
    .overwrite(asName)
    .min(LIBRARY_NAME_MIN_LENGTH, 'Library name must be at least 3 characters long')
    .max(120, 'Library name must be at most 120 characters long'),
  /**
   * Made by the caller for one create, and sent again with it only when its answer was lost: the server
   * answers a taken name with the library made by this very create, and refuses it otherwise (services/libraries.ts).
   */
  requestKey: z.uuid('Request key must be a UUID.').optional(),
});
