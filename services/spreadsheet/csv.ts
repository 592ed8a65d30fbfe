/**
 * A streaming CSV parser (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF or LF).
 * It takes text chunks and yields rows as soon as they are complete.
 */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let field = "";
  let row: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let first = true;
  // A quote that ended a chunk inside a quoted field: the next chunk tells whether it was doubled.
  let pendingQuote = false;
  for await (let chunk of chunks) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, ""); // a byte-order mark is not part of the first header
      first = false;
    }
    let start = 0;
    if (pendingQuote) {
      pendingQuote = false;
      if (chunk[0] === '"') {
        field += '"';
        start = 1;
      } else {
        quoted = false;
        afterQuote = true;
      }
    }
    for (let i = start; i < chunk.length; i++) {
      const ch = chunk[i];
      if (quoted) {
        if (ch === '"' && i === chunk.length - 1) pendingQuote = true;
        else if (ch === '"') {
          if (chunk[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else field += ch;
        continue;
      }
      if (ch === '"' && field === "" && !afterQuote) quoted = true;
      else if (ch === ",") {
        row.push(field);
        field = "";
        afterQuote = false;
      } else if (ch === "\n" || ch === "\r") {
        if (ch === "\r" && chunk[i + 1] === "\n") i++;
        row.push(field);
        yield row;
        row = [];
        field = "";
        afterQuote = false;
      } else field += ch;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    yield row;
  }
}
