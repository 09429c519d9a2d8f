import {
  perfExplanation,
  ROYALTY_STATEMENT_EXPORT,
  type RoyaltyEmployeeSum,
  type RoyaltyRow,
  rateText,
  royaltyStatementExportQuery,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { type ExcelColumn, sendXlsx, yuanCell } from '../../platform/excel.js';
import type { Lang } from '../../platform/i18n.js';
import { EXPORT_CAP } from '../../platform/list-export.js';
import { yuan } from '../../platform/money.js';
import { tenantZone } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { assertEmployeeVisible } from '../org/public.js';
import { statement } from './statement.js';

/** A row of the workbook: a statement row, or an employee's subtotal after their rows, or the total. */
type Line =
  | { row: RoyaltyRow; sum?: undefined; label?: undefined }
  | { row?: undefined; sum: Omit<RoyaltyEmployeeSum, 'metrics'>; label: string };

const of = <K extends keyof RoyaltyRow & keyof RoyaltyEmployeeSum>(l: Line, key: K) => (l.row ? l.row[key] : l.sum[key]);
const text = (zh: string, en: string) => (lang: Lang) => (lang === 'en-US' ? en : zh);

const columns: ExcelColumn<Line>[] = [
  { key: 'eecode', title: ['工号', 'Code'], width: 12, value: (l) => of(l, 'eecode') },
  { key: 'eename', title: ['员工', 'Employee'], width: 14, value: (l) => l.label ?? l.row?.eename },
  {
    key: 'position',
    title: ['职位', 'Position'],
    value: (l) => (l.row ? [l.row.psname, l.row.pslname].filter(Boolean).join(' / ') : null),
  },
  { key: 'billcode', title: ['单号', 'Bill no.'], width: 20, value: (l) => l.row?.billcode },
  { key: 'billdate', title: ['日期', 'Date'], width: 12, value: (l) => l.row?.billdate },
  { key: 'shopName', title: ['门店', 'Shop'], width: 18, value: (l) => l.row?.shopName },
  { key: 'sername', title: ['项目', 'Item'], width: 18, value: (l) => l.row?.sername },
  {
    key: 'isAppoint',
    title: ['指定', 'Requested'],
    width: 8,
    value: (l, lang) => (l.row ? (l.row.isAppoint ? text('指定', 'Yes') : text('非指定', 'No'))(lang) : null),
  },
  { key: 'money', title: ['业绩', 'Performance'], width: 12, value: (l) => yuanCell(of(l, 'money')) },
  {
    key: 'perfText',
    title: ['业绩说明', 'Performance from'],
    width: 60,
    value: (l, lang) => (l.row ? perfExplanation(l.row, yuan, lang) : null),
  },
  { key: 'paytype', title: ['计提支付方式', 'Pay types counted'], width: 16, value: (l) => l.row?.paytype },
  { key: 'base', title: ['计提基数', 'Base'], width: 12, value: (l) => yuanCell(of(l, 'base')) },
  { key: 'cost', title: ['扣成本', 'Cost'], width: 10, value: (l) => yuanCell(of(l, 'cost')) },
  { key: 'rate', title: ['比例/金额', 'Rate'], width: 12, value: (l) => (l.row ? rateText(l.row, yuan) : null) },
  { key: 'royaltyTypeName', title: ['提成分类', 'Commission type'], width: 14, value: (l) => l.row?.royaltyTypeName },
  { key: 'schemeName', title: ['提成方案', 'Scheme'], width: 14, value: (l) => l.row?.schemeName },
  { key: 'royalty', title: ['提成', 'Commission'], width: 12, value: (l) => yuanCell(of(l, 'royalty')) },
];

/** The statement's rows in their order (by employee), each employee's subtotal after their rows, and the total at the end. */
function* lines(rows: RoyaltyRow[], sums: RoyaltyEmployeeSum[], total: Omit<RoyaltyEmployeeSum, 'metrics'>, lang: Lang): Generator<Line> {
  const subtotal = text('小计', 'Subtotal')(lang);
  for (let i = 0; i < rows.length; i++) {
    yield { row: rows[i] };
    const next = rows[i + 1];
    if (next?.eeid === rows[i].eeid) continue;
    const sum = sums.find((e) => e.eeid === rows[i].eeid);
    if (sum) yield { sum, label: `${subtotal}：${sum.eename}` };
  }
  yield { sum: total, label: text('合计', 'Total')(lang) };
}

/** `GET employeeroyalty/chain/export`: the statement of the filters as a workbook, with subtotals per employee. */
export function registerStatementExport(app: FastifyInstance) {
  route(
    app,
    'GET',
    ROYALTY_STATEMENT_EXPORT,
    {
      summary:
        "The month's commission statement as a workbook: its rows with where each 业绩 comes from, a subtotal per employee, the total",
      description: `Not in the seed. The statement's filters (month, shop, employee, bill number), every row (at most ${EXPORT_CAP}: more is 400).`,
      perm: 'royalty.statement.view',
      query: royaltyStatementExportQuery,
      raw: true,
    },
    async ({ tx, auth, query, reply, lang }) => {
      if (query.employeeId !== undefined) await assertEmployeeVisible(tx, auth, query.employeeId);
      const all = await statement(tx, auth, { ...query, page: 1, pageSize: EXPORT_CAP });
      if (all.total > EXPORT_CAP) throw new AppError(400, 'exportTooMany', { cap: EXPORT_CAP });
      const total = { eeid: 0, eecode: '', eename: '', rows: all.total, ...all.sum };
      const title = `${text('提成明细', 'Commission statement')(lang)} ${query.month}`;
      return sendXlsx(reply, lang, title, columns, lines(all.list, all.employees, total, lang), await tenantZone(tx, auth.tenantId));
    },
  );
}
