import { crc32 } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const PADDING_NAME = Buffer.from('headoffice-padding.bin');
/** Larger than every stream buffer between the zip parser and its reader, so the parser must wait for the reader. */
const PADDING = Buffer.alloc(256 * 1024);

/**
 * Returns the zip with a stored padding entry after its last file.
 *
 * The streaming workbook reader (exceljs with unzipper) ends its walk over the entries as soon as the
 * parser has swallowed the input, so a small entry that the parser has already handed over but the
 * reader has not yet taken is dropped (upstream exceljs#3064; exceljs writes `xl/workbook.xml` last,
 * and a dropped workbook reads as an unreadable file now and then). A padding entry too large to be
 * buffered keeps the parser waiting until the reader has taken every real entry, so none is lost.
 * Anything that is not a plain zip (no end record, ZIP64, several disks) comes back unchanged.
 */
export function padZipForStreaming(zip: Buffer): Buffer {
  const end = zip.lastIndexOf(uint32(END_OF_DIRECTORY));
  if (end < 0 || end + 22 > zip.length) return zip;
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  const multiDisk = zip.readUInt16LE(end + 4) !== 0 || zip.readUInt16LE(end + 6) !== 0;
  if (multiDisk || entries === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > end) return zip;
  if (zip.readUInt32LE(directoryOffset) !== CENTRAL_HEADER) return zip;

  const crc = crc32(PADDING);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(LOCAL_HEADER, 0);
  local.writeUInt16LE(10, 4); // version needed: stored
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(PADDING.length, 18);
  local.writeUInt32LE(PADDING.length, 22);
  local.writeUInt16LE(PADDING_NAME.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(CENTRAL_HEADER, 0);
  central.writeUInt16LE(10, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(PADDING.length, 20);
  central.writeUInt32LE(PADDING.length, 24);
  central.writeUInt16LE(PADDING_NAME.length, 28);
  central.writeUInt32LE(directoryOffset, 42);

  const paddingSize = local.length + PADDING_NAME.length + PADDING.length;
  const endRecord = Buffer.from(zip.subarray(end));
  endRecord.writeUInt16LE(entries + 1, 8);
  endRecord.writeUInt16LE(entries + 1, 10);
  endRecord.writeUInt32LE(directorySize + central.length + PADDING_NAME.length, 12);
  endRecord.writeUInt32LE(directoryOffset + paddingSize, 16);

  return Buffer.concat([
    zip.subarray(0, directoryOffset),
    local,
    PADDING_NAME,
    PADDING,
    zip.subarray(directoryOffset, directoryOffset + directorySize),
    central,
    PADDING_NAME,
    endRecord,
  ]);
}

function uint32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}
