/**
 * A streaming scanner for the XML a workbook is made of, in bounded memory whatever the file holds: a
 * run of text keeps at most `maxTextChars` characters (the rest is skipped as it streams by, never
 * built into a string), and a tag longer than `maxTagChars` is refused. A general XML parser holds a
 * whole text node, so one 15 MB cell cost hundreds of megabytes; a workbook's parts need no more than
 * elements, attributes, text, character references and the odd comment, CDATA section or declaration.
 */
export type XmlHandler = {
  open: (name: string, attributes: Record<string, string>, selfClosing: boolean) => void;
  close: (name: string) => void;
  /** A run of text between tags, entities decoded; cut to about `maxTextChars` when it was longer. */
  text: (value: string) => void;
};

export class XmlTooComplex extends Error {}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Decodes character and entity references; a reference cut off at the end (by the cap) is dropped. */
export function decodeXmlText(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
      if (ref[0] !== "#") return NAMED[ref] ?? whole;
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    })
    .replace(/&[#a-zA-Z0-9]*$/, "");
}

/** The local name (a workbook may prefix every element, e.g. `x:c`). */
const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseTag(tag: string, handler: XmlHandler) {
  if (tag[0] === "/") return handler.close(localName(tag.slice(1).trim()));
  const selfClosing = tag.endsWith("/");
  const body = selfClosing ? tag.slice(0, -1) : tag;
  const nameEnd = body.search(/[\s]/);
  const name = localName(nameEnd < 0 ? body : body.slice(0, nameEnd));
  const attributes: Record<string, string> = {};
  if (nameEnd >= 0) for (const m of body.slice(nameEnd).matchAll(ATTRIBUTE)) attributes[localName(m[1] ?? "")] = decodeXmlText(m[2] ?? m[3] ?? "");
  handler.open(name, attributes, selfClosing);
  if (selfClosing) handler.close(name);
}

type State = "text" | "tag" | "comment" | "cdata";

export function createXmlScanner(handler: XmlHandler, limits: { maxTextChars: number; maxTagChars?: number }) {
  const maxTag = limits.maxTagChars ?? 64 * 1024;
  let state: State = "text";
  let text = "";
  let tag = "";
  let quote = ""; // the quote of an attribute value the tag is inside, if any
  let tail = ""; // the last characters of a comment or CDATA section, to find its end across chunks

  const keep = (piece: string) => {
    if (text.length < limits.maxTextChars) text += piece.slice(0, limits.maxTextChars - text.length);
  };
  const flushText = () => {
    if (text) handler.text(state === "cdata" ? text : decodeXmlText(text));
    text = "";
  };

  /** Consumes a tag's characters from `at`; the index after its '>' or -1 when the chunk ended inside it. */
  function scanTag(chunk: string, at: number): number {
    for (let i = at; i < chunk.length; i++) {
      const ch = chunk[i];
      if (quote) {
        const end = chunk.indexOf(quote, i);
        if (end < 0) {
          tag += chunk.slice(i);
          i = chunk.length;
          break;
        }
        tag += chunk.slice(i, end + 1);
        quote = "";
        i = end;
      } else if (ch === '"' || ch === "'") {
        quote = ch;
        tag += ch;
      } else if (ch === ">") {
        if (tag.length > maxTag) throw new XmlTooComplex();
        return i + 1;
      } else {
        tag += ch;
        // What follows '<' decides: a comment or CDATA section runs to its own end marker, '>' or not.
        if (tag === "!--") {
          state = "comment";
          tail = "";
          return i + 1;
        }
        if (tag === "![CDATA[") {
          state = "cdata";
          tail = "";
          return i + 1;
        }
      }
      if (tag.length > maxTag) throw new XmlTooComplex();
    }
    return -1;
  }

  /** Skips (a comment) or keeps (CDATA) characters up to the end marker; the index after it or -1. */
  function scanUntil(chunk: string, at: number, marker: string, kept: boolean): number {
    const joined = tail + chunk.slice(at);
    const end = joined.indexOf(marker);
    if (end < 0) {
      const safe = joined.length - (marker.length - 1);
      if (kept && safe > 0) keep(joined.slice(0, safe));
      tail = joined.slice(Math.max(safe, 0));
      return -1;
    }
    if (kept && end > 0) keep(joined.slice(0, end));
    return at + end - tail.length + marker.length;
  }

  return {
    write(chunk: string) {
      let i = 0;
      while (i < chunk.length) {
        if (state === "text") {
          const lt = chunk.indexOf("<", i);
          keep(lt < 0 ? chunk.slice(i) : chunk.slice(i, lt));
          if (lt < 0) return;
          flushText();
          state = "tag";
          tag = "";
          i = lt + 1;
        } else if (state === "tag") {
          const next = scanTag(chunk, i);
          if (next < 0) return;
          i = next;
          if (state !== "tag") continue; // a comment or CDATA section began
          const whole = tag;
          state = "text";
          if (whole[0] === "?" || whole[0] === "!") {
            if (/^!DOCTYPE/i.test(whole)) throw new XmlTooComplex(); // a workbook has none; entities are never expanded
            continue;
          }
          parseTag(whole, handler);
        } else {
          const cdata = state === "cdata";
          const next = scanUntil(chunk, i, cdata ? "]]>" : "-->", cdata);
          if (next < 0) return;
          if (cdata) flushText();
          state = "text";
          tail = "";
          i = next;
        }
      }
    },
    end() {
      if (state !== "text") throw new XmlTooComplex();
      flushText();
    },
  };
}
