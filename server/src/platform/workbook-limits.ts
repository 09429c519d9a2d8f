import { createInflateRaw } from 'node:zlib';
import { AppError } from './errors.js';
import { defineMessages, type Lang, translate } from './i18n.js';

/**
 * Bounds on a workbook, checked before any workbook library sees it: a few hundred kilobytes of
 * zip can unpack to gigabytes of XML (millions of shared strings, rows or cells) that would fill
 * the heap. Generous for real imports (the importer takes 10,000 rows per sheet).
 */
export interface WorkbookLimits {
  /** Every entry inflated, in bytes. */
  unpackedBytes: number;
  /** Shared strings (`<si>`) in all. */
  sharedStrings: number;
  /** Rows (`<row>`) of one sheet. */
  rows: number;
  /** Cells (`<c>`) of one row. */
  columns: number;
  /** Zip entries. */
  entries: number;
  /** XML elements of one part other than a sheet or the shared strings (styles, workbook, relations...). */
  partElements: number;
}

export const workbookLimits: WorkbookLimits = {
  unpackedBytes: 50 * 1024 * 1024,
  sharedStrings: 300_000,
  rows: 20_000,
  columns: 100,
  entries: 1_000,
  partElements: 200_000,
};

defineMessages({
  workbookTooBig: [
    'Excel 文件超出可读取的上限：{what}。上限为：每张表 {rows} 行、每行 {columns} 列、文本 {strings} 条、解压后 {mb} MB。请只保留要导入的数据后重试',
    'The workbook is beyond what can be read: {what}. The limits are {rows} rows a sheet, {columns} columns a row, {strings} texts and {mb} MB unpacked; keep only the data to import and try again',
  ],
  workbookUnpacked: ['解压后超过 {mb} MB', 'it unpacks to more than {mb} MB'],
  workbookStrings: ['文本超过 {strings} 条', 'it holds more than {strings} texts'],
  workbookRows: ['有工作表超过 {rows} 行', 'a sheet has more than {rows} rows'],
  workbookColumns: ['有一行超过 {columns} 列', 'a row has more than {columns} columns'],
  workbookParts: ['包含的部件超过 {entries} 个', 'it holds more than {entries} parts'],
  workbookElements: [
    '样式或工作簿定义过于复杂（某个部件超过 {elements} 个元素）',
    'its styles or definitions are too complex (a part has more than {elements} elements)',
  ],
});

/** The zip is not one a workbook reader could read (the caller answers "unreadable"). */
export class UnreadableZip extends Error {}

type Reason = 'workbookUnpacked' | 'workbookStrings' | 'workbookRows' | 'workbookColumns' | 'workbookParts' | 'workbookElements';

class LimitExceeded extends Error {
  constructor(readonly reason: Reason) {
    super(reason);
  }
}

const n = (value: number) => value.toLocaleString('en-US');

function refusal(reason: Reason, limits: WorkbookLimits, lang: Lang): AppError {
  const params = {
    mb: n(Math.round(limits.unpackedBytes / 1024 / 1024)),
    strings: n(limits.sharedStrings),
    rows: n(limits.rows),
    columns: n(limits.columns),
    entries: n(limits.entries),
    elements: n(limits.partElements),
  };
  const what = translate(lang, reason, params);
  return new AppError(400, 'workbookTooBig', { ...params, what }, [{ path: 'file', key: 'workbookTooBig', params: { ...params, what } }]);
}

interface Entry {
  name: Buffer;
  method: number;
  flags: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  dataStart: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** The entries named by the central directory, each located through its local header. */
function entriesOf(zip: Buffer, limits: WorkbookLimits): Entry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new UnreadableZip('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0) throw new UnreadableZip('several disks');
  if (count > limits.entries) throw new LimitExceeded('workbookParts');
  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new UnreadableZip('bad central directory');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const compressedSize = zip.readUInt32LE(at + 20);
    const localOffset = zip.readUInt32LE(at + 42);
    // ZIP64 (sizes or offsets past 4 GB) has no place in an upload of a few megabytes.
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) throw new UnreadableZip('zip64');
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL) throw new UnreadableZip('bad local header');
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > zip.length) throw new UnreadableZip('entry past the end');
    const method = zip.readUInt16LE(at + 10);
    if (method !== 0 && method !== 8) throw new UnreadableZip(`compression method ${method}`);
    if (zip.readUInt16LE(at + 8) & 0x1) throw new UnreadableZip('encrypted entry');
    entries.push({
      name: Buffer.from(zip.subarray(at + 46, at + 46 + nameLength)),
      method,
      flags: zip.readUInt16LE(at + 8),
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      crc: zip.readUInt32LE(at + 16),
      compressedSize,
      dataStart,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates an entry's data chunk by chunk (never the whole at once). */
async function* unpack(data: Buffer, method: number): AsyncGenerator<Buffer> {
  if (method === 0) {
    for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
    return;
  }
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  yield* inflater;
}

const LT = 0x3c;
const isDelimiter = (b: number) => b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Counts the elements of one entry's XML as it streams past: shared strings, rows, cells per row
 * and elements in all. A tag name cut by a chunk boundary is carried to the next chunk.
 */
class XmlCounter {
  strings = 0;
  rows = 0;
  elements = 0;
  cellsInRow = 0;
  maxCells = 0;
  private carry = Buffer.alloc(0);

  feed(chunk: Buffer) {
    const data = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    let i = data.indexOf(LT);
    while (i >= 0) {
      // The name is read up to 4 bytes: enough to tell `si`, `row` and `c` from longer names.
      let j = i + 1;
      while (j < data.length && j - i <= 4 && !isDelimiter(data[j])) j++;
      if (j >= data.length) {
        this.carry = Buffer.from(data.subarray(i));
        return;
      }
      const length = j - i - 1;
      const first = data[i + 1];
      if (first !== 0x2f && first !== 0x3f && first !== 0x21) {
        this.elements++;
        if (isDelimiter(data[j])) {
          if (length === 1 && first === 0x63) {
            this.cellsInRow++;
            if (this.cellsInRow > this.maxCells) this.maxCells = this.cellsInRow;
          } else if (length === 3 && first === 0x72 && data[i + 2] === 0x6f && data[i + 3] === 0x77) {
            this.rows++;
            this.cellsInRow = 0;
          } else if (length === 2 && first === 0x73 && data[i + 2] === 0x69) {
            this.strings++;
          }
        }
      }
      i = data.indexOf(LT, i + 1);
    }
  }
}

/** exceljs reads these entries as sheets (its own pattern) and keeps only one row at a time. */
const SHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * Checks a workbook against the limits, inflating every entry with a counter that stops past
 * them (the sizes the zip declares are not trusted), and answers the same entries rebuilt as a
 * plain zip: local headers carry the real sizes and nothing lies between or outside the entries,
 * so a streaming reader reads exactly what was counted. Past a limit: a 400 naming it.
 */
export async function boundWorkbook(zip: Buffer, lang: Lang, limits: WorkbookLimits = workbookLimits): Promise<Buffer> {
  try {
    return await rebuild(zip, limits);
  } catch (error) {
    if (error instanceof LimitExceeded) throw refusal(error.reason, limits, lang);
    if (error instanceof UnreadableZip) throw error;
    // A corrupt deflate stream and the like.
    throw new UnreadableZip((error as Error).message);
  }
}

async function rebuild(zip: Buffer, limits: WorkbookLimits): Promise<Buffer> {
  const entries = entriesOf(zip, limits);
  let unpacked = 0;
  let strings = 0;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const counter = new XmlCounter();
    const name = entry.name.toString('utf8');
    const sheet = SHEET.test(name);
    const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    let size = 0;
    for await (const chunk of unpack(data, entry.method)) {
      size += chunk.length;
      unpacked += chunk.length;
      if (unpacked > limits.unpackedBytes) throw new LimitExceeded('workbookUnpacked');
      counter.feed(chunk);
      if (strings + counter.strings > limits.sharedStrings) throw new LimitExceeded('workbookStrings');
      if (counter.rows > limits.rows) throw new LimitExceeded('workbookRows');
      if (counter.maxCells > limits.columns) throw new LimitExceeded('workbookColumns');
      if (!sheet && name !== SHARED_STRINGS && counter.elements > limits.partElements) throw new LimitExceeded('workbookElements');
    }
    strings += counter.strings;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.flags & 0x0800, 6); // keep "UTF-8 name", drop the data descriptor
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(entry.time, 10);
    local.writeUInt16LE(entry.date, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.flags & 0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(entry.time, 12);
    central.writeUInt16LE(entry.date, 14);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.compressedSize, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, entry.name, data);
    centrals.push(central, entry.name);
    offset += local.length + entry.name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
