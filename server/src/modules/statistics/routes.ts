import {
  MEMBER_SPENDING_EXPORT_PATH,
  MEMBER_SPENDING_PATH,
  MEMBER_SPENDING_PERM,
  MEMBER_SUMMARY_PATH,
  MEMBER_SUMMARY_PERM,
  MEMBER_TYPES_PATH,
  MEMBER_TYPES_PERM,
  type MemberSpendingRow,
  memberSpendingPage,
  memberSpendingQuery,
  memberSummaryPage,
  memberSummaryQuery,
  memberTypesAnswer,
  memberTypesQuery,
  type Page,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import { type ExcelColumn, yuanCell } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { tenantToday } from '../../platform/numbering.js';
import { route } from '../../platform/route.js';
import { memberSpending, memberSummary, memberTypes } from './members.js';

const gender = (g: number, lang: 'zh' | 'en') =>
  g === 1 ? (lang === 'zh' ? '男' : 'Male') : g === 2 ? (lang === 'zh' ? '女' : 'Female') : '';

/** The workbook of 会员消费分析: the list's columns, money in yuan. */
const spendingColumns: ExcelColumn<MemberSpendingRow>[] = [
  { key: 'code', title: ['会员编号', 'Member no.'], value: (r) => r.code },
  { key: 'name', title: ['姓名', 'Name'], value: (r) => r.name },
  { key: 'nickname', title: ['昵称', 'Nickname'], value: (r) => r.nickname },
  { key: 'mobile', title: ['手机号', 'Mobile'], width: 14, value: (r) => r.mobile, masked: 'mobile' },
  { key: 'gender', title: ['性别', 'Gender'], value: (r, lang) => gender(r.gender, lang === 'en-US' ? 'en' : 'zh') },
  { key: 'shopName', title: ['门店', 'Shop'], width: 20, value: (r) => r.shopName },
  { key: 'cmMoney', title: ['按月消费金额', 'Month spending'], value: (r) => yuanCell(r.cmMoney) },
  { key: 'cmNum', title: ['按月消费次数', 'Month visits'], value: (r) => r.cmNum },
  { key: 'cmUnivalent', title: ['按月消费客单价', 'Month spending per visit'], value: (r) => yuanCell(r.cmUnivalent) },
  { key: 'servTotal', title: ['按年消费总额', 'Year spending'], value: (r) => yuanCell(r.servTotal) },
  { key: 'servNum', title: ['按年消费总次数', 'Year visits'], value: (r) => r.servNum },
  { key: 'univalent', title: ['按年消费客单价', 'Year spending per visit'], value: (r) => yuanCell(r.univalent) },
];

export async function statisticsModule(app: FastifyInstance) {
  // Statistics read where reports read: the replica of REPORTS_DATABASE_URL when there is one, as the reader role.
  const asReader = <T>(tx: Db, auth: Auth, read: (reader: Db) => Promise<T>) =>
    app.reports.read(tx, auth.tenantId, read).then((result) => result.value);
  // The pages' answers also say where they were read and how far behind the replica was (the workbook does not).
  const withSource = <T extends object>(tx: Db, auth: Auth, read: (reader: Db) => Promise<T>) =>
    app.reports.read(tx, auth.tenantId, read).then(({ value, source }) => ({ ...value, source }));
  route(
    app,
    'GET',
    MEMBER_TYPES_PATH,
    {
      summary:
        '会员统计: members by type per home shop (new, potential, stored-value, qualification-card, package, total) and their growth by month',
      description:
        'Within the shops the user sees (members by home shop). newMembers: registered between dateFrom and dateTo (this month to today on the company calendar by default); ' +
        'potential: no live stored-value or qualification card and no package with uses left; storedValue: a live stored-value card; qualification: a live qualification card not expired; ' +
        'package: a package line with uses left, not expired; total: members not cancelled registered by dateTo. A member may be of several types. ' +
        'growth: the twelve months to dateTo’s, the members registered in each and the members at its end. ' +
        'source: where the figures were read (the primary, or a replica and how many seconds behind it was).',
      perm: MEMBER_TYPES_PERM,
      query: memberTypesQuery,
      response: memberTypesAnswer,
    },
    async ({ tx, auth, query }) => {
      const today = await tenantToday(tx, auth.tenantId);
      return withSource(tx, auth, (reader) => memberTypes(reader, auth, query, today));
    },
  );
  route(
    app,
    'GET',
    MEMBER_SUMMARY_PATH,
    {
      summary: '会员数据汇总: members with their stored value, package value, spending, visits and spending per visit, paged',
      description:
        'The figures kept on the member (card balances from the card ledger; spending and visits from the settled, not revoked till bills). ' +
        'Filters: shopid (home shop), keyword, minMoney/maxMoney (principal + gift, cents). Sort: spent (default, descending), visits, perVisit, balance, packageValue, lastVisitAt, registeredOn, code. ' +
        'source: where the figures were read (the primary, or a replica and how many seconds behind it was).',
      perm: MEMBER_SUMMARY_PERM,
      query: memberSummaryQuery,
      response: memberSummaryPage,
    },
    ({ tx, auth, query }) => withSource(tx, auth, (reader) => memberSummary(reader, auth, query)),
  );
  route(
    app,
    'GET',
    MEMBER_SPENDING_PATH,
    {
      summary:
        "会员消费分析 (statisticsYmListForChain): each member's spending and visits in a month and in its year to the month's end, paged",
      description:
        'Over the settled, not revoked till bills with a service or product line, by business day, at any shop: spending = those lines, a visit = such a bill counted as a visit. ' +
        'Members of the user’s shops (home shop; shopid one of them). Minimums (cents, visits) keep only the members reaching them, most spending in the month first; without one every member is listed by number. ' +
        'source: where the figures were read (the primary, or a replica and how many seconds behind it was).',
      perm: MEMBER_SPENDING_PERM,
      query: memberSpendingQuery,
      response: memberSpendingPage,
    },
    ({ tx, auth, query }) => withSource(tx, auth, (reader) => memberSpending(reader, auth, query)),
  );
  listExport<typeof memberSpendingQuery, Page<MemberSpendingRow>>(app, MEMBER_SPENDING_EXPORT_PATH, {
    perm: MEMBER_SPENDING_PERM,
    query: memberSpendingQuery,
    title: ['会员消费分析', 'Member spending'],
    columns: spendingColumns,
    list: ({ tx, auth }, query) => asReader(tx, auth, (reader) => memberSpending(reader, auth, query)),
  });
}
