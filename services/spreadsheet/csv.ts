/**
 * A streaming CSV parser (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF).
 * It takes text chunks and yields rows as soon as they are complete. Memory stays bounded whatever the
 * file holds: a field keeps at most `maxFieldChars` characters and a row at most `maxFields` fields; what
 * lies beyond is read past, never built into a string. Text is taken a run at a time, not a character
 * at a time (a string grown by one character per step costs tens of bytes per character until it is used).
 */
export type CsvLimits = { maxFieldChars: number; maxFields: number };

const SPECIAL = /[,\r\n"]/g;

export async function* parseCsv(chunks: AsyncIterable<string>, limits: CsvLimits = { maxFieldChars: Infinity, maxFields: Infinity }): AsyncGenerator<string[]> {
  let field = "";
  let row: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let first = true;
  // A quote that ended a chunk inside a quoted field: the next chunk tells whether it was doubled.
  let pendingQuote = false;

  const add = (chunk: string, from: number, to: number) => {
    const room = limits.maxFieldChars - field.length;
    if (room > 0 && to > from) field += chunk.slice(from, Math.min(to, from + room));
  };
  const endField = () => {
    if (row.length < limits.maxFields) row.push(field);
    field = "";
    afterQuote = false;
  };

  for await (let chunk of chunks) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, ""); // a byte-order mark is not part of the first header
      first = false;
    }
    let i = 0;
    if (pendingQuote) {
      pendingQuote = false;
      if (chunk[0] === '"') {
        add('"', 0, 1);
        i = 1;
      } else {
        quoted = false;
        afterQuote = true;
      }
    }
    while (i < chunk.length) {
      if (quoted) {
        const quote = chunk.indexOf('"', i);
        if (quote < 0) {
          add(chunk, i, chunk.length);
          break;
        }
        add(chunk, i, quote);
        if (quote === chunk.length - 1) {
          pendingQuote = true;
          break;
        }
        if (chunk[quote + 1] === '"') {
          add('"', 0, 1);
          i = quote + 2;
        } else {
          quoted = false;
          afterQuote = true;
          i = quote + 1;
        }
        continue;
      }
      SPECIAL.lastIndex = i;
      const found = SPECIAL.exec(chunk);
      const at = found ? found.index : chunk.length;
      add(chunk, i, at);
      if (!found) break;
      i = at + 1;
      const ch = chunk[at];
      if (ch === '"') {
        if (field === "" && !afterQuote) quoted = true;
        else add('"', 0, 1);
      } else if (ch === ",") endField();
      else {
        if (ch === "\r" && chunk[i] === "\n") i++;
        endField();
        yield row;
        row = [];
      }
    }
  }
  if (field !== "" || row.length > 0) {
    endField();
    yield row;
  }
}
