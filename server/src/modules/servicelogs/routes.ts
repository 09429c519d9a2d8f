import {
  memberServiceLogQuery,
  SERVICE_LOG_PATHS as P,
  SERVICE_LOG_PERMS as PERMS,
  reviewPage,
  reviewQuery,
  reviewRateLabels,
  reviewReplyBody,
  reviewRow,
  reviewSave,
  serviceLogDetail,
  serviceLogDetailQuery,
  serviceLogPage,
  serviceLogQuery,
  serviceLogRow,
  serviceLogSave,
  usageRecordPage,
  usageRecordQuery,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../platform/errors.js';
import { dateTimeText } from '../../platform/excel.js';
import { listExport } from '../../platform/list-export.js';
import { route } from '../../platform/route.js';
import { listLogs, logOf, saveLog } from './logs.js';
import { listReviews, replyReview, reviewOfBill, saveReview } from './reviews.js';
import { listUsage } from './usage.js';

const logFilters =
  "dateFrom/dateTo: 消费日期 (the bill's business day); editFrom/editTo: 编辑时间 (the day the log was last saved); visitFrom/visitTo: 回访时间; " +
  "days in the company's time zone, both ends included. employeeId: 服务人员 (one who served a service line). logState 1 未填写 (no log yet) | 2 已填写; " +
  'returnState 1 待回访 | 2 已取消 | 3 已预约. keyword: member name, mobile or bill number (contains). Rows are settled, not revoked bills with a service, ' +
  'newest first, of the shops the user sees.';

export async function serviceLogsModule(app: FastifyInstance) {
  route(
    app,
    'GET',
    P.list,
    {
      summary:
        "服务日志列表: one member's (memid), one shop's (shopid) or one stylist's (employeeId) settled service bills with their logs",
      description: `One of memid, shopid and employeeId is required (400 otherwise). ${logFilters}`,
      perm: PERMS.view,
      query: memberServiceLogQuery,
      response: serviceLogPage,
    },
    ({ tx, auth, query }) => {
      if (!query.memid && !query.shopid && !query.employeeId) throw fieldError('memid', 'serviceLogMemberOrShop');
      return listLogs(tx, auth, query);
    },
  );
  route(
    app,
    'GET',
    P.chainList,
    {
      summary: "Head office's service-log list across the shops: the settled service bills and their logs (未填写 computed)",
      description: logFilters,
      perm: PERMS.view,
      query: serviceLogQuery,
      response: serviceLogPage,
    },
    ({ tx, auth, query }) => listLogs(tx, auth, query),
  );
  route(
    app,
    'GET',
    P.detail,
    {
      summary: "One bill's service log (or its unwritten row) and its customer review",
      description: "Ours. A bill of another shop than the user's, revoked, or not settled: 404.",
      perm: PERMS.view,
      query: serviceLogDetailQuery,
      response: serviceLogDetail,
    },
    async ({ tx, auth, query }) => ({ log: await logOf(tx, auth, query.billId), review: await reviewOfBill(tx, auth, query.billId) }),
  );
  route(
    app,
    'POST',
    P.save,
    {
      summary: 'Write or change the service log of a settled bill (content, 问题分析, 铺垫项目, up to 3 photos, return visit, 反预约)',
      description:
        'Ours. The first save creates the log; a later one sends the version it read (409 when someone saved since). A bill of another shop: 404; ' +
        'a revoked, open or voided bill, or one without a service: 409. Photos are the URLs the upload (/api-file/files-anon) answered.',
      perm: PERMS.edit,
      body: serviceLogSave,
      entity: 'servicelog',
      verb: 'update',
      response: serviceLogRow,
    },
    ({ tx, auth, body }) => saveLog(tx, auth, body),
  );
  route(
    app,
    'GET',
    P.reviews,
    {
      summary: '顾客评价记录: customer reviews of the shops the user sees (shop, member name or mobile, 评价时间, 整体评价)',
      description:
        "dateFrom/dateTo: 评价时间 (days in the company's time zone, both included); rate 1 好评 | 2 中评 | 3 差评; keyword: member name or mobile (contains). A revoked bill's review is not listed. Newest first.",
      perm: PERMS.reviewView,
      query: reviewQuery,
      response: reviewPage,
    },
    ({ tx, auth, query }) => listReviews(tx, auth, query),
  );
  listExport(app, P.reviewsExport, {
    perm: PERMS.reviewView,
    query: reviewQuery,
    list: ({ tx, auth }, query) => listReviews(tx, auth, query),
    title: ['顾客评价记录', 'Customer reviews'],
    columns: [
      { key: 'billNo', title: ['单号', 'Bill'], width: 20 },
      { key: 'settledAt', title: ['消费时间', 'Served at'], width: 20, value: (r, _lang, zone) => dateTimeText(r.settledAt, zone) },
      { key: 'memberName', title: ['姓名', 'Name'] },
      { key: 'mobile', title: ['手机号', 'Mobile'], width: 14, masked: 'mobile' },
      { key: 'shopName', title: ['门店', 'Shop'] },
      { key: 'items', title: ['消费项目', 'Services'], width: 24 },
      { key: 'staffNames', title: ['服务员工', 'Served by'], width: 18 },
      { key: 'employeeName', title: ['点评对象', 'Reviewed'] },
      {
        key: 'rate',
        title: ['整体评价', 'Rating'],
        value: (r, lang) => reviewRateLabels[r.rate as 1 | 2 | 3]?.[lang === 'en-US' ? 1 : 0] ?? '',
      },
      { key: 'comment', title: ['评论内容', 'Comment'], width: 36 },
      { key: 'reviewedAt', title: ['评价时间', 'Reviewed at'], width: 20, value: (r, _lang, zone) => dateTimeText(r.reviewedAt, zone) },
      {
        key: 'replied',
        title: ['是否已回复', 'Replied'],
        value: (r, lang) => (r.replied ? (lang === 'en-US' ? 'Yes' : '是') : lang === 'en-US' ? 'No' : '否'),
      },
    ],
  });
  route(
    app,
    'POST',
    P.reviewSave,
    {
      summary: "Record a customer's review of a settled bill: 整体评价 1 好评 | 2 中评 | 3 差评, comment, the employee reviewed",
      description:
        'Ours. One review per bill (a second: 409). The employee must have served a service line of the bill (400). A bill of another shop: 404; revoked or not settled: 409.',
      perm: PERMS.reviewEdit,
      body: reviewSave,
      entity: 'servicereview',
      verb: 'create',
      response: reviewRow,
    },
    ({ tx, auth, body }) => saveReview(tx, auth, body),
  );
  route(
    app,
    'POST',
    P.reviewReply,
    {
      summary: "The shop's reply to a customer review (是否已回复); a later reply replaces it",
      description: 'Ours. A review of another shop: 404.',
      perm: PERMS.reviewReply,
      body: reviewReplyBody,
      entity: 'servicereview',
      verb: 'update',
      response: reviewRow,
    },
    ({ tx, auth, body }) => replyReview(tx, auth, body),
  );
  const usageDescription =
    'Computed from the till: each payment of a settled, not revoked bill that spent one (a red envelope spent over several bills: a row per bill). ' +
    "shopid: the bill's shop; dateFrom/dateTo: the bill's business day; keyword: member name, mobile, code or bill number. `sum`: count and amount of every matching use.";
  route(
    app,
    'GET',
    P.couponRecords,
    {
      summary: 'Coupon usage records across the chain: whose coupon, issued where, used on which bill in which shop, when',
      description: usageDescription,
      perm: PERMS.usageView,
      query: usageRecordQuery,
      response: usageRecordPage,
    },
    ({ tx, auth, query }) => listUsage(tx, auth, 'coupon', query),
  );
  route(
    app,
    'GET',
    P.redEnvelopeRecords,
    {
      summary: 'Red-envelope usage records across the chain: whose red envelope, issued where, used on which bill in which shop, when',
      description: usageDescription,
      perm: PERMS.usageView,
      query: usageRecordQuery,
      response: usageRecordPage,
    },
    ({ tx, auth, query }) => listUsage(tx, auth, 'redEnvelope', query),
  );
}
