import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * The back office's CSV files (the orders export, docs/decisions/044; the products export, 053):
 * one way to write them, so every file opens the same in Excel, Numbers, LibreOffice and Google
 * Sheets and none can run a formula.
 */

/** A plain number (a phone in its international form, an amount) cannot be a formula. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** What spreadsheet programs read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as the file holds it: one a spreadsheet would run as a formula (=, +, -, @, tab or
 * carriage return first) gets a leading apostrophe, so it shows as the text it is.
 */
export function formulaSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A CSV file as a byte stream: a UTF-8 byte order mark (without it Excel reads Arabic in the
 * system's ANSI code page), the header row, then the rows as `rows` yields them, CRLF-separated
 * (RFC 4180), quoted by csv-stringify, every text cell through formulaSafe; null and undefined
 * are empty cells. The rows are asked for only as fast as the client takes the file (stream
 * backpressure), and a client that goes away stops the generator before its next row.
 */
export function csvFile(header: readonly string[], rows: AsyncIterable<readonly unknown[]>): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...header],
    record_delimiter: 'windows',
    cast: { string: formulaSafe },
  });
  // pipeline destroys both streams on an error or an early close of either (the generator stops).
  return pipeline(Readable.from(rows), csv, () => undefined);
}
