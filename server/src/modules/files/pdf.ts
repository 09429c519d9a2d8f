import fs from 'node:fs/promises';
import { inflateSync } from 'node:zlib';

/**
 * Names that make a PDF do something when it is opened or clicked: scripts, launching programs,
 * files carried inside, rich media, and XML forms and form actions (which carry or send data).
 */
const ACTIVE = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'ImportData', 'SubmitForm']);

/** A PDF name (`/Name`, with `#xx` escapes) up to the next delimiter. */
const NAME = /\/([^\s()<>[\]{}/%]+)/g;
/** Inflated object-stream bytes read per file at most: past it the file cannot be checked. */
const INFLATE_BUDGET = 32 * 1024 * 1024;

const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

function activeNameIn(text: string): string | undefined {
  for (const match of text.matchAll(NAME)) {
    const name = decodeName(match[1]);
    if (ACTIVE.has(name)) return name;
  }
  return undefined;
}

interface Stream {
  /** The object's text before the stream (its dictionary). */
  dictionary: string;
  start: number;
  end: number;
}

/** The streams of a PDF, found by their keywords; their data is binary and is not read as names. */
function streamsOf(text: string): Stream[] {
  const out: Stream[] = [];
  let at = 0;
  for (;;) {
    const keyword = text.indexOf('stream', at);
    if (keyword < 0) return out;
    at = keyword + 6;
    if (text.startsWith('end', keyword - 3)) continue;
    const eol = text[at] === '\r' && text[at + 1] === '\n' ? 2 : text[at] === '\n' || text[at] === '\r' ? 1 : 0;
    if (!eol) continue;
    const end = text.indexOf('endstream', at + eol);
    const object = text.lastIndexOf('obj', keyword);
    out.push({ dictionary: text.slice(Math.max(object, keyword - 4096, 0), keyword), start: at + eol, end: end < 0 ? text.length : end });
    at = end < 0 ? text.length : end + 9;
  }
}

/**
 * The first active name of a PDF (e.g. `JavaScript`), or undefined for a passive document. Names
 * are read outside stream data, and inside compressed object streams (`/Type /ObjStm`), where
 * objects may hide; an object stream that cannot be read (encrypted, damaged, too large) answers
 * `unchecked`.
 */
export async function pdfActiveContent(file: string): Promise<string | undefined> {
  const bytes = await fs.readFile(file);
  const text = bytes.toString('latin1');
  const streams = streamsOf(text);
  let from = 0;
  for (const stream of [...streams, { dictionary: '', start: text.length, end: text.length }]) {
    const found = activeNameIn(text.slice(from, stream.start));
    if (found) return found;
    from = stream.end;
  }
  let budget = INFLATE_BUDGET;
  for (const stream of streams) {
    const dictionary = decodeName(stream.dictionary);
    if (!/\/Type\s*\/ObjStm/.test(dictionary)) continue;
    if (!/\/FlateDecode/.test(dictionary) || /\/DecodeParms|\/Encrypt/.test(dictionary)) return 'unchecked';
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(stream.start, stream.end), { maxOutputLength: budget });
    } catch {
      return 'unchecked';
    }
    budget -= inflated.length;
    const inner = activeNameIn(inflated.toString('latin1'));
    if (inner) return inner;
  }
  return undefined;
}
