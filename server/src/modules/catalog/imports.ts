import { inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Lang, translate } from '../../platform/i18n.js';
import './messages.js';
import {
  buildTemplate,
  chunks,
  handleImport,
  type ImportColumn,
  type ImportDef,
  type ImportProblem,
  importUpload,
  sendTemplate,
} from '../../platform/importer.js';
import { route } from '../../platform/route.js';
import { branches, positions, productCategories, serviceTypes } from '../org/public.js';
import { productBrands, products, servicePositions, services } from './schema.js';

const statusOptions = [
  { value: 1, labels: ['启用', 'Enabled'] },
  { value: 0, labels: ['停用', 'Disabled'] },
] as const;

/** Yuan as written in a sheet (128, 128.5, 128.50) → cents. */
function money(lang: Lang) {
  return z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: translate(lang, 'catalogImportBadMoney') })
    .transform((s) => {
      const [whole, frac = ''] = s.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    });
}
const text = (lang: Lang, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: translate(lang, 'catalogImportTooLong', { max }) });

// ---- products ----

const productColumns: ImportColumn[] = [
  { key: 'pcode', title: ['产品编码', 'Product code'], required: true, unique: products.pcode, example: 'SP9001' },
  { key: 'name', title: ['产品名称', 'Name'], required: true, example: '丝泉净澈洗发水', width: 24 },
  { key: 'barcode', title: ['条码', 'Barcode'], example: '6901234567892', width: 18 },
  { key: 'brandId', title: ['品牌', 'Brand'], lookup: { table: productBrands } },
  {
    key: 'categoryId',
    title: ['产品分类', 'Category'],
    lookup: { table: productCategories },
    hint: ['一级或二级分类，填写名称或编码', 'A first- or second-level category, by name or code'],
  },
  { key: 'spec', title: ['规格', 'Spec'], example: '500ml' },
  { key: 'unit', title: ['单位', 'Unit'], required: true, example: '瓶', width: 8 },
  { key: 'purchaseUnit', title: ['采购单位', 'Purchase unit'], example: '箱', width: 10 },
  { key: 'purchaseFactor', title: ['换算系数', 'Units per purchase unit'], type: 'int', example: 12, width: 10 },
  { key: 'purchasePrice', title: ['进货价(元)', 'Purchase price (yuan)'], example: '68.00', width: 12 },
  { key: 'retailPrice', title: ['零售价(元)', 'Retail price (yuan)'], example: '128.00', width: 12 },
  {
    key: 'usage',
    title: ['用途', 'Usage'],
    type: 'enum',
    options: [
      { value: 1, labels: ['零售', 'Retail'] },
      { value: 2, labels: ['内用', 'Internal use'] },
    ],
    example: 1,
    width: 10,
  },
  { key: 'status', title: ['状态', 'Status'], type: 'enum', options: statusOptions, example: 1, width: 8 },
  { key: 'memo', title: ['备注', 'Memo'], width: 24 },
];

function productImportDef(lang: Lang) {
  const schema = z.object({
    pcode: text(lang, 32).min(1),
    name: text(lang, 100).min(1),
    barcode: z
      .string()
      .regex(/^[0-9A-Za-z-]{4,32}$/, { error: translate(lang, 'catalogImportBadBarcode') })
      .optional(),
    brandId: z.number().optional(),
    categoryId: z.number().optional(),
    spec: text(lang, 64).optional(),
    unit: text(lang, 16).min(1),
    purchaseUnit: text(lang, 16).optional(),
    purchaseFactor: z
      .number()
      .int()
      .min(1, { error: translate(lang, 'catalogImportBadFactor') })
      .max(100_000, { error: translate(lang, 'catalogImportBadFactor') })
      .default(1),
    purchasePrice: money(lang).default(0),
    retailPrice: money(lang).default(0),
    usage: z.union([z.literal(1), z.literal(2)]).default(1),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    memo: text(lang, 500).optional(),
  });
  const def: ImportDef<z.output<typeof schema>> = {
    name: ['产品档案', 'Products'],
    columns: productColumns,
    schema,
    maxRows: 5000,
    insert: async (tx, rows, auth) => {
      for (const part of chunks(rows, 500)) await tx.insert(products).values(part.map((r) => ({ ...r, tenantId: auth.tenantId })));
      return rows.length;
    },
  };
  return def;
}

// ---- services ----

const serviceColumns: ImportColumn[] = [
  { key: 'code', title: ['项目编码', 'Service code'], required: true, unique: services.code, example: 'FW901' },
  { key: 'name', title: ['项目名称', 'Name'], required: true, example: '精致洗剪吹', width: 20 },
  { key: 'serviceTypeId', title: ['服务类型', 'Service type'], required: true, lookup: { table: serviceTypes } },
  { key: 'branchId', title: ['部门', 'Department'], lookup: { table: branches } },
  {
    key: 'line',
    title: ['项目线', 'Line'],
    type: 'enum',
    options: [
      { value: 'mf', labels: ['美发', 'Hair'] },
      { value: 'mr', labels: ['美容', 'Beauty'] },
    ],
    example: 'mf',
    width: 8,
  },
  {
    key: 'serType',
    title: ['项目大小', 'Size'],
    type: 'enum',
    options: [
      { value: 1, labels: ['大项目', 'Major'] },
      { value: 2, labels: ['小项目', 'Minor'] },
    ],
    example: 2,
    hint: ['日报表分别合计大项目和小项目，不填为小项目', 'The daily report totals major and minor services apart; empty means minor'],
    width: 10,
  },
  { key: 'durationMinutes', title: ['时长(分钟)', 'Duration (minutes)'], type: 'int', example: 60, width: 10 },
  { key: 'basePrice', title: ['标准价(元)', 'Base price (yuan)'], required: true, example: '88.00', width: 12 },
  {
    key: 'positions',
    title: ['服务职位', 'Positions'],
    example: '发型师、助理',
    hint: ['可填多个职位，用顿号或逗号分隔', 'Several positions, separated by commas'],
    width: 20,
  },
  { key: 'status', title: ['状态', 'Status'], type: 'enum', options: statusOptions, example: 1, width: 8 },
  { key: 'memo', title: ['备注', 'Memo'], width: 24 },
];

const splitNames = (s: string | undefined) =>
  (s ?? '')
    .split(/[,，、;；/]/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Enabled positions by lower-cased name and code. */
async function positionIndex(tx: Db, names: string[]) {
  if (!names.length) return new Map<string, number>();
  const rows = await tx
    .select({ id: positions.id, code: positions.code, name: positions.name, status: positions.status })
    .from(positions)
    .where(or(inArray(positions.name, names), inArray(positions.code, names)));
  const map = new Map<string, number>();
  for (const r of rows) {
    if (r.status !== 1) continue;
    map.set(r.code.toLowerCase(), r.id);
    map.set(r.name.toLowerCase(), r.id);
  }
  return map;
}

function serviceImportDef(lang: Lang) {
  const schema = z.object({
    code: text(lang, 32).min(1),
    name: text(lang, 64).min(1),
    serviceTypeId: z.number(),
    branchId: z.number().optional(),
    line: z.enum(['mf', 'mr']).default('mf'),
    serType: z.union([z.literal(1), z.literal(2)]).default(2),
    durationMinutes: z
      .number()
      .int()
      .min(5, { error: translate(lang, 'catalogImportBadDuration') })
      .max(1440, { error: translate(lang, 'catalogImportBadDuration') })
      .default(60),
    basePrice: money(lang),
    positions: z.string().optional(),
    status: z.union([z.literal(0), z.literal(1)]).default(1),
    memo: text(lang, 500).optional(),
  });
  type Row = z.output<typeof schema>;
  const def: ImportDef<Row> = {
    name: ['服务项目', 'Services'],
    columns: serviceColumns,
    schema,
    maxRows: 5000,
    check: async (tx, rows, _auth, checkLang) => {
      const index = await positionIndex(tx, [...new Set(rows.flatMap((r) => splitNames(r.value.positions)))]);
      const problems: ImportProblem[] = [];
      for (const r of rows)
        for (const name of splitNames(r.value.positions))
          if (!index.has(name.toLowerCase()))
            problems.push({ row: r.row, key: 'positions', message: translate(checkLang, 'catalogImportPositionMissing', { value: name }) });
      return problems;
    },
    insert: async (tx, rows, auth) => {
      const index = await positionIndex(tx, [...new Set(rows.flatMap((r) => splitNames(r.positions)))]);
      for (const part of chunks(rows, 500)) {
        const created = await tx
          .insert(services)
          .values(part.map(({ positions: _p, ...r }) => ({ ...r, tenantId: auth.tenantId })))
          .returning({ id: services.id });
        const links = part.flatMap((r, i) =>
          [...new Set(splitNames(r.positions).map((n) => index.get(n.toLowerCase()) as number))].map((positionId) => ({
            tenantId: auth.tenantId,
            serviceId: created[i].id,
            positionId,
          })),
        );
        for (const linkPart of chunks(links, 1000)) await tx.insert(servicePositions).values(linkPart);
      }
      return rows.length;
    },
  };
  return def;
}

const perLang = <R>(make: (lang: Lang) => ImportDef<R>) =>
  ({ 'zh-CN': make('zh-CN'), 'en-US': make('en-US') }) as Record<Lang, ImportDef<R>>;

/**
 * Template and import routes through the platform importer; the definition is built per language
 * so that the row checks (money, lengths) speak the request's language.
 */
function registerLocalizedImport<R>(
  app: FastifyInstance,
  defs: Record<Lang, ImportDef<R>>,
  urls: { template: string; import: string; perm: string; entity: string },
) {
  const name = defs['en-US'].name[1];
  route(
    app,
    ['GET', 'POST'],
    urls.template,
    { summary: `${name}: Excel import template (drop-down lists of real values)`, perm: urls.perm, raw: true, read: true },
    async ({ tx, auth, lang, reply }) => {
      const def = defs[lang] as ImportDef<unknown>;
      const workbook = await buildTemplate(tx, def, auth, lang);
      return sendTemplate(reply, workbook, `${def.name[lang === 'en-US' ? 1 : 0]}${lang === 'en-US' ? ' import template' : '导入模板'}`);
    },
  );
  route(
    app,
    'POST',
    urls.import,
    {
      summary: `${name}: import an Excel sheet (multipart field \`file\`); every row or none`,
      description:
        'Every row is validated first. Any problem: 400 with `data.errors` = [{row, column, message}] and nothing stored. Otherwise `data.imported`.',
      perm: urls.perm,
      entity: urls.entity,
      upload: importUpload((lang) => defs[lang] as ImportDef<unknown>),
    },
    (ctx) => handleImport(defs[ctx.lang], ctx),
  );
}

export function registerCatalogImports(app: FastifyInstance) {
  registerLocalizedImport(app, perLang(productImportDef), {
    template: '/api-chain/product/excelTemplate',
    import: '/api-chain/product/batchImport',
    perm: 'catalog.product.edit',
    entity: 'product',
  });
  registerLocalizedImport(app, perLang(serviceImportDef), {
    template: '/api-chain/serviceinfo/excelTemplate',
    import: '/api-chain/serviceinfo/batchImport',
    perm: 'catalog.service.edit',
    entity: 'service',
  });
}
