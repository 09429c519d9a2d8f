import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { boundWorkbook, UnreadableZip, type WorkbookLimits, workbookLimits } from '../src/platform/workbook-limits.js';
import { build } from './helpers.js';

/**
 * Workbooks are held to limits before any workbook library reads them: a few hundred kilobytes of
 * zip that unpack to millions of shared strings, rows or cells are refused with a 400 naming the
 * limits, and the server goes on serving.
 */

interface ZipEntry {
  name: string;
  /** Deflated content (raw deflate). */
  data: Buffer;
  crc: number;
  /** What the headers declare (may lie). */
  declaredSize: number;
}

const entry = (name: string, content: string | Buffer): ZipEntry => {
  const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, data: deflateRawSync(raw), crc: crc32(raw), declaredSize: raw.length };
};

/** A plain zip of deflated entries; `hidden` entries get a local header but no central directory record. */
function zipOf(entries: ZipEntry[], hidden: ZipEntry[] = []): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const local = (e: ZipEntry) => {
    const name = Buffer.from(e.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(e.crc, 14);
    header.writeUInt32LE(e.data.length, 18);
    header.writeUInt32LE(e.declaredSize, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, e.data);
    const at = offset;
    offset += header.length + name.length + e.data.length;
    return at;
  };
  for (const e of entries) {
    const at = local(e);
    for (const h of hidden.splice(0)) local(h);
    const name = Buffer.from(e.name);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(at, 42);
    centrals.push(central, name);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around the given sheet and shared strings. */
function workbookEntries(sheet: ZipEntry, sharedStrings: ZipEntry): ZipEntry[] {
  return [
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '</Types>',
    ),
    entry(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entry(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="员工" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sharedStrings,
    sheet,
  ];
}

const smallSheet = () =>
  entry(
    'xl/worksheets/sheet1.xml',
    `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>`,
  );
const smallStrings = () => entry('xl/sharedStrings.xml', `<sst ${NS}><si><t>员工编号</t></si><si><t>姓名</t></si></sst>`);

/** XML made of `count` repetitions of `unit` between `head` and `tail`, deflated as it is produced (never whole in memory). */
async function repeated(name: string, head: string, unit: string, count: number, tail: string): Promise<ZipEntry> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const block = Buffer.from(unit.repeat(65_536));
  let crc = crc32(head);
  deflater.write(head);
  for (let left = count; left > 0; left -= 65_536) {
    const part = left >= 65_536 ? block : Buffer.from(unit.repeat(left));
    crc = crc32(part, crc);
    if (!deflater.write(part)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  crc = crc32(tail, crc);
  deflater.end(tail);
  await done;
  // The headers claim a small file: the counting must not believe them.
  return { name, data: Buffer.concat(out), crc, declaredSize: 4_096 };
}

function multipart(content: Buffer) {
  const boundary = '----headoffice-bomb';
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="员工.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('workbook limits', async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const importFile = async (content: Buffer, lang = 'zh-CN') => {
    const { body, contentType } = multipart(content);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-chain/employee/batchImport',
      payload: body,
      headers: { 'content-type': contentType, authorization: `Bearer ${a.admin.token}`, 'accept-language': lang },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('refuses a shared-strings bomb sent to a real import with a 400 naming the limits; the heap stays small and the server answers', async () => {
    const strings = await repeated('xl/sharedStrings.xml', `<sst ${NS}>`, '<si><t>x</t></si>', 8_000_000, '</sst>');
    const bomb = zipOf(workbookEntries(smallSheet(), strings));
    expect(bomb.length).toBeLessThan(1024 * 1024);

    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 2);
    const started = performance.now();
    try {
      const zh = await importFile(bomb);
      expect(zh.status).toBe(400);
      expect(zh.body.resp_code).toBe('400');
      expect(zh.body.resp_msg).toBe(
        'Excel 文件超出可读取的上限：文本超过 300,000 条。上限为：每张表 20,000 行、每行 100 列、文本 300,000 条、解压后 50 MB。请只保留要导入的数据后重试',
      );
      expect(zh.body.errors).toEqual([{ path: 'file', message: zh.body.resp_msg }]);
      const en = await importFile(bomb, 'en-US');
      expect(en.status).toBe(400);
      expect(en.body.resp_msg).toBe(
        'The workbook is beyond what can be read: it holds more than 300,000 texts. The limits are 20,000 rows a sheet, 100 columns a row, 300,000 texts and 50 MB unpacked; keep only the data to import and try again',
      );
    } finally {
      clearInterval(sampler);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    const after = await a.admin.get('/api-chain/shop/list/all');
    expect(after.status).toBe(200);
  });

  it('refuses a sheet of too many rows, or a row of too many cells, before reading it', async () => {
    const rows = await repeated(
      'xl/worksheets/sheet1.xml',
      `<worksheet ${NS}><sheetData>`,
      '<row/>',
      5_000_000,
      '</sheetData></worksheet>',
    );
    const manyRows = await importFile(zipOf(workbookEntries(rows, smallStrings())));
    expect(manyRows.status).toBe(400);
    expect(manyRows.body.resp_msg).toContain('有工作表超过 20,000 行');

    const cells = await repeated(
      'xl/worksheets/sheet1.xml',
      `<worksheet ${NS}><sheetData><row r="1">`,
      '<c/>',
      1_000_000,
      '</row></sheetData></worksheet>',
    );
    const wide = await importFile(zipOf(workbookEntries(cells, smallStrings())), 'en-US');
    expect(wide.status).toBe(400);
    expect(wide.body.resp_msg).toContain('a row has more than 100 columns');
  });

  it('counts every limit as the entries inflate, whatever the headers declare', async () => {
    const small: WorkbookLimits = { unpackedBytes: 1024 * 1024, sharedStrings: 3, rows: 4, columns: 3, entries: 10, partElements: 50 };
    const check = (entries: ZipEntry[]) => boundWorkbook(zipOf(entries), 'en-US', small);
    const sheet = (rows: number, cells: number) =>
      entry(
        'xl/worksheets/sheet1.xml',
        `<worksheet ${NS}><sheetData>${`<row>${'<c r="A1"><v>1</v></c>'.repeat(cells)}</row>`.repeat(rows)}</sheetData></worksheet>`,
      );
    const strings = (count: number) => entry('xl/sharedStrings.xml', `<sst ${NS}>${'<si><t>a</t></si>'.repeat(count)}</sst>`);
    const reason = async (entries: ZipEntry[]) => {
      try {
        await check(entries);
        return 'accepted';
      } catch (error) {
        return (error as { params?: { what?: string } }).params?.what ?? String(error);
      }
    };
    expect(await reason([sheet(4, 3), strings(3)])).toBe('accepted');
    expect(await reason([sheet(5, 1), strings(1)])).toBe('a sheet has more than 4 rows');
    expect(await reason([sheet(1, 4), strings(1)])).toBe('a row has more than 3 columns');
    expect(await reason([sheet(1, 1), strings(4)])).toBe('it holds more than 3 texts');
    expect(await reason([sheet(1, 1), entry('xl/big.bin', Buffer.alloc(1_100_000))])).toBe('it unpacks to more than 1 MB');
    expect(await reason(Array.from({ length: 11 }, (_, i) => entry(`x${i}.xml`, '<a/>')))).toBe('it holds more than 10 parts');
    expect(await reason([entry('xl/styles.xml', `<styleSheet>${'<xf/>'.repeat(60)}</styleSheet>`)])).toBe(
      'its styles or definitions are too complex (a part has more than 50 elements)',
    );
    // Tag names cut by a chunk boundary are still counted (64 KB chunks).
    const padded = entry(
      'xl/worksheets/sheet1.xml',
      `<worksheet ${NS}><sheetData>${' '.repeat(65_534)}<row/><row/><row/><row/><row/></sheetData></worksheet>`,
    );
    expect(await boundWorkbook(zipOf([padded]), 'en-US', small).catch((e) => e.params?.what)).toBe('a sheet has more than 4 rows');
    await expect(boundWorkbook(Buffer.from('PK\u0003\u0004 not a zip'), 'en-US')).rejects.toBeInstanceOf(UnreadableZip);
  });

  it('hands the reader exactly the entries it counted: bytes outside the directory are dropped', async () => {
    const hidden = entry('xl/sharedStrings.xml', `<sst ${NS}>${'<si><t>hidden</t></si>'.repeat(10)}</sst>`);
    const zip = zipOf(workbookEntries(smallSheet(), smallStrings()), [hidden]);
    expect(zip.includes('hidden')).toBe(false); // deflated: the test looks at names instead
    const rebuilt = await boundWorkbook(zip, 'zh-CN');
    const names = (buffer: Buffer) => {
      const found: string[] = [];
      for (let at = buffer.indexOf('PK\u0003\u0004'); at >= 0; at = buffer.indexOf('PK\u0003\u0004', at + 4))
        found.push(buffer.subarray(at + 30, at + 30 + buffer.readUInt16LE(at + 26)).toString());
      return found;
    };
    expect(names(zip).filter((n) => n === 'xl/sharedStrings.xml')).toHaveLength(2);
    expect(names(rebuilt).filter((n) => n === 'xl/sharedStrings.xml')).toHaveLength(1);
  });

  it('reads real workbooks as before, well within the limits', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('员工');
    for (let r = 0; r < 12_000; r++) ws.addRow(Array.from({ length: 8 }, (_, c) => `r${r}c${c}`));
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const rebuilt = await boundWorkbook(content, 'zh-CN');
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(rebuilt as unknown as ExcelJS.Buffer);
    expect(back.worksheets[0].rowCount).toBe(12_000);
    expect(back.worksheets[0].getRow(12_000).getCell(8).value).toBe('r11999c7');
    expect(workbookLimits).toMatchObject({ rows: 20_000, columns: 100, sharedStrings: 300_000, unpackedBytes: 50 * 1024 * 1024 });
  });
});
