import {
  activityAllQuery,
  activityListQuery,
  activityRow,
  activitySave,
  activityStatusBody,
  couponRecord,
  definitionQuery,
  redEnvelopeRecord,
  validityIssue,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldError } from '../../platform/errors.js';
import { defineMessages } from '../../platform/i18n.js';
import { findRecord, registerRecord, serveRecord } from '../../platform/records.js';
import { route } from '../../platform/route.js';
import { withBrandNames } from '../cards/public.js';
import { allActivities, findActivity, listActivities, moveActivity, nextActivityCode, saveActivity } from './activities.js';
import { coupons, redEnvelopes } from './schema.js';

defineMessages({
  validityDates: ['固定日期有效期须填写开始和结束日期', 'Fixed-date validity needs a start and an end date'],
  validityOrder: ['结束日期不能早于开始日期', 'The end date cannot be before the start date'],
  validityDays: ['请填写领取后的有效天数', 'Enter the number of days it stays valid after issue'],
  couponDiscountRange: [
    '折扣券的折扣须在 100 到 9999 之间（8500 即 8.5 折）',
    'A discount coupon takes 100 to 9999 basis points (8500 = 85%)',
  ],
});

/** A complete validity, or a 400 on its field. */
async function checkValidity(_tx: unknown, value: Record<string, unknown>) {
  const issue = validityIssue(value);
  if (issue) throw fieldError(issue.path, issue.message);
}

export const couponDef = serveRecord(couponRecord, {
  table: coupons,
  decorate: withBrandNames,
  beforeSave: async (tx, value) => {
    await checkValidity(tx, value);
    if (value.couponType === 2 && ((value.value as number) < 100 || (value.value as number) > 9_999))
      throw fieldError('value', 'couponDiscountRange');
  },
});
export const envelopeDef = serveRecord(redEnvelopeRecord, { table: redEnvelopes, beforeSave: checkValidity });

const A = '/api-chain/mktactivinfo';
const activityPage = z.object({ list: z.array(activityRow), total: z.number(), page: z.number(), pageSize: z.number() });

/** Marketing: coupon and red envelope definitions, and activities. */
export async function marketingModule(app: FastifyInstance) {
  registerRecord(app, couponDef);
  registerRecord(app, envelopeDef);
  route(
    app,
    'GET',
    '/api-chain/couponinfo/queryCoupon',
    { summary: 'One coupon definition (?id=)', perm: 'marketing.coupon.view', query: definitionQuery },
    ({ tx, query }) => findRecord(tx, couponDef, query.id),
  );
  route(
    app,
    'GET',
    '/api-chain/redenvelopeinfo/queryRedenv',
    {
      summary: 'One red envelope definition (?id=)',
      description: 'Not in the seed; the original has it.',
      perm: 'marketing.envelope.view',
      query: definitionQuery,
    },
    ({ tx, query }) => findRecord(tx, envelopeDef, query.id),
  );

  route(
    app,
    'GET',
    A,
    {
      summary: 'Marketing activities, paged',
      description:
        'Filters keyword (code, name), kind (1 生日赠送, 2 开卡充值赠送, 3 购买套餐赠送, 4 服务开单赠送), status (1 未开始, 2 进行中, 3 暂停中, 4 已结束).',
      perm: 'marketing.activity.view',
      query: activityListQuery,
      response: activityPage,
    },
    ({ tx, query }) => listActivities(tx, query),
  );
  route(
    app,
    'GET',
    `${A}/newcode`,
    { summary: 'The next activity code (MA0001…)', perm: 'marketing.activity.view', response: z.string() },
    ({ tx }) => nextActivityCode(tx),
  );
  route(
    app,
    'GET',
    `${A}/list/all`,
    {
      summary: 'Activities not ended, by priority, for pickers',
      perm: 'marketing.activity.view',
      query: activityAllQuery,
      response: z.array(activityRow),
    },
    ({ tx, query }) => allActivities(tx, query.kind),
  );
  route(
    app,
    'GET',
    `${A}/:id`,
    {
      summary: 'One activity',
      description: 'Not in the seed (the edit form reads it fresh).',
      perm: 'marketing.activity.view',
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: activityRow,
    },
    ({ tx, params }) => findActivity(tx, params.id),
  );
  route(
    app,
    'POST',
    `${A}/saveMktactiv`,
    {
      summary: 'Create (no id) or update (id, version) an activity',
      description:
        'Only an activity not started (1) or paused (3) may change (409). rules: [{condition, gifts}] where the condition fits the kind (1 birthday; 2 firstCard | recharge; 3 package; 4 spend | items ≤ 5 services) and gifts are redEnvelope/coupon/service/product × count or a discount (basis points). Everything named must exist (400).',
      perm: 'marketing.activity.edit',
      body: activitySave,
      entity: 'mktactivinfo',
      response: activityRow,
    },
    ({ tx, auth, body, req }) => saveActivity(tx, auth, body, req.body),
  );
  route(
    app,
    'POST',
    `${A}/updateStatus`,
    {
      summary: 'Start, pause, resume or end an activity',
      description: 'Moves: 1 未开始 → 2 or 4; 2 进行中 → 3 or 4; 3 暂停中 → 2 or 4; 4 已结束 is final. Any other: 409.',
      perm: 'marketing.activity.edit',
      body: activityStatusBody,
      entity: 'mktactivinfo',
      response: activityRow,
    },
    ({ tx, body }) => moveActivity(tx, body.id, body.status, body.version),
  );
}
