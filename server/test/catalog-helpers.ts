import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { Answer, TestApp } from './helpers.js';

export const EN = { 'accept-language': 'en-US' };
export { XLSX } from './helpers.js';
export const uniq = () => randomBytes(3).toString('hex').toUpperCase();
export const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

export function expect400(res: Answer, path: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.resp_code).toBe('400');
  expect(res.body.errors?.map((e) => e.path)).toContain(path);
}

export function expectStatus(res: Answer, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.resp_code).toBe(String(status));
}

/** Posts a file as multipart field `file`. */
export const upload = (t: TestApp, token: string, url: string, file: Buffer, headers: Record<string, string> = {}) =>
  t.client(token).upload(url, file, { headers });

/** Fills a downloaded template: rows from row 2 on (the example row is replaced), by header title. */
export async function fillTemplate(template: Buffer, rows: Record<string, string | number | null>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const titles = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => titles.set(String(cell.value).replace(/^\*/, ''), col));
  sheet.spliceRows(2, 1);
  rows.forEach((row, i) => {
    const excelRow = sheet.getRow(i + 2);
    for (const [title, value] of Object.entries(row)) {
      const col = titles.get(title);
      if (!col) throw new Error(`no column ${title} in ${[...titles.keys()].join(',')}`);
      excelRow.getCell(col).value = value;
    }
    excelRow.commit();
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Titles of the first sheet's header and whether the sheet carries drop-down lists. */
export async function readTemplate(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const titles: string[] = [];
  sheet.getRow(1).eachCell((cell) => titles.push(String(cell.value)));
  const lists = workbook.getWorksheet('lists');
  const listValues: string[][] = [];
  for (const c of lists?.columns ?? []) listValues.push((c.values ?? []).filter((v) => v !== undefined && v !== null).map(String));
  const validations = (sheet as unknown as { dataValidations: { model: Record<string, unknown> } }).dataValidations.model;
  return { titles, listValues, validationCount: Object.keys(validations).length };
}
