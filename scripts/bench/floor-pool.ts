import pg from 'pg';
import { useFastArrayParsers } from '../../server/db/array-parsers';

/**
 * The floor's `pg` pool, reading rows as the app's driver does: dates and times as their text, as
 * MikroORM's PostgreSqlConnection reads them for the app (its `types` overrides: date, timestamp,
 * timestamptz, interval), and text arrays by the app's parser (server/db/array-parsers.ts).
 * pg's own default would make a Date of each timestamp, and JSON.stringify would write each back
 * through toJSON: for a page of 50 books, work the app does not do (measured under the fragment
 * search's load: 0.77 against 0.47 ms of the floor's server CPU per request). A test holds the rows
 * this pool reads to the app's.
 */
export function floorPool(connectionString: string | undefined, max = 20) {
  useFastArrayParsers();
  const types = new pg.TypeOverrides();
  for (const oid of DATE_AND_TIME_TYPES) types.setTypeParser(oid, (text: string) => text);
  return new pg.Pool({ connectionString, max, types });
}

/** date, timestamp, timestamptz and interval (`select oid, typname from pg_type`), as MikroORM lists them. */
const DATE_AND_TIME_TYPES = [1082, 1114, 1184, 1186];
