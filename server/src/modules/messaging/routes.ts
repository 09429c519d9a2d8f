import {
  INAPP_PERM,
  INAPP_RESOURCES,
  idParam,
  inappListQuery,
  inappPage,
  inappPublishBody,
  inappReadAnswer,
  inappReadBody,
  inappRow,
  inappSentPage,
  SMS_PACKAGES,
  SMS_PART_LIMITS,
  SMS_PATH,
  SMS_PERM,
  smsAssignBody,
  smsAssignListQuery,
  smsAssignPage,
  smsAssignQuery,
  smsAssignRow,
  smsAudiencePage,
  smsAudienceQuery,
  smsBirthdayBody,
  smsBirthdayList,
  smsBirthdayQuery,
  smsBirthdayRow,
  smsConfigAnswer,
  smsOrderBody,
  smsOrderPage,
  smsOrderQuery,
  smsOrderRow,
  smsReplyPage,
  smsReplyQuery,
  smsReturnBody,
  smsReturnList,
  smsReturnRow,
  smsShopList,
  smsShopQuery,
  smsSignature,
  smsStatList,
  smsStatQuery,
  smsTaskAnswer,
  smsTaskBody,
  smsTaskPage,
  smsTaskQuery,
  smsTaskRow,
  smsTaskToggleBody,
  smsTemplateBody,
  smsTemplateList,
  smsTemplatePage,
  smsTemplateQuery,
  smsTemplateRow,
  smsTenantAllowance,
  wxReturnAnswer,
  wxReturnBody,
  wxReturnList,
  wxReturnQuery,
  wxReturnRow,
  wxTaskBody,
  wxTaskFind,
  wxTaskList,
  wxTaskRow,
} from '@headoffice/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { tenants } from '../../db/tenants.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops, visibleShops } from '../../platform/auth.js';
import { forbidden } from '../../platform/errors.js';
import { tenantZone, withinDays } from '../../platform/numbering.js';
import { pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { smsProvider } from '../../platform/sms.js';
import { countSmsAudience, smsAudienceAfter } from '../members/public.js';
import { shops } from '../org/public.js';
import { assignSms, buySms, shopAllowances, tenantAllowance } from './allowance.js';
import { listBirthdaySettings, listReturnRules, saveBirthdaySetting, saveReturnRule, scheduleDailySms } from './automatic.js';
import { listMessages, listPublished, markRead, publish } from './inapp.js';
import { smsAssigns, smsOrders, smsReplies } from './schema.js';
import { smsStatistics } from './statistics.js';
import { deleteTask, listTasks, saveTask, toggleTask } from './tasks.js';
import { allTemplates, deleteTemplate, listTemplates, oneTemplate, saveTemplate } from './templates.js';
import { addWxTask, deleteWxTask, findWxTasks, listWxRules, oneWxRule, saveWxRule } from './wechat.js';

const P = SMS_PATH;

definedEntityLabels.set('smsorder', ['短信充值', 'SMS purchase']);
definedEntityLabels.set('smsshop', ['短信分配', 'SMS assignment']);
definedEntityLabels.set('smstemplate', ['短信模板', 'SMS template']);
definedEntityLabels.set('smstask', ['短信群发', 'SMS campaign']);
definedEntityLabels.set('servicesmsreturn', ['服务回访短信', 'return-visit SMS']);
definedEntityLabels.set('birthdaysms', ['生日短信', 'birthday SMS']);
definedEntityLabels.set('servicewxreturn', ['微信服务回访', 'WeChat return visit']);
definedEntityLabels.set('servicewxtask', ['微信回访提醒', 'WeChat return-visit reminder']);
definedEntityLabels.set('systemmsg', ['系统消息', 'system message']);
definedEntityLabels.set('systemmstatus', ['系统消息', 'system message']);
definedEntityLabels.set('adminmstatus', ['总部公告', 'head-office notice']);
definedEntityLabels.set('insidemsg', ['站内消息', 'in-app message']);

/** The chain's own figures (its pool, its purchases) are head office's: a user limited to shops is refused them. */
function assertHeadOffice(auth: Auth) {
  if (visibleShops(auth)) throw forbidden('shopForbidden');
}

const orderRow = (o: typeof smsOrders.$inferSelect) => ({
  id: o.id,
  billcode: o.billNo,
  rechargenum: o.count,
  payje: o.money,
  ptype: o.payType,
  state: o.state,
  tradeNo: o.tradeNo,
  payTime: o.paidAt?.toISOString() ?? null,
  createdByName: o.createdByName,
  createdAt: o.createdAt.toISOString(),
});

async function assignRows(tx: Db, ids: number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select({ a: smsAssigns, shopName: shops.name })
    .from(smsAssigns)
    .leftJoin(shops, eq(shops.id, smsAssigns.shopId))
    .where(inArray(smsAssigns.id, ids))
    .orderBy(smsAssigns.id);
  return rows.map((r) => ({ ...assignRow(r.a), shopName: r.shopName }));
}
const assignRow = (a: typeof smsAssigns.$inferSelect) => ({
  id: a.id,
  shopId: a.shopId,
  shopName: null as string | null,
  count: a.count,
  createdByName: a.createdByName,
  createdAt: a.createdAt.toISOString(),
});

export async function messagingModule(app: FastifyInstance) {
  // ---- the allowance ----
  route(
    app,
    'POST',
    '/api-chain/smsorder/create',
    {
      summary:
        '短信充值: the chain buys a package of messages (smsconfig packages), paid through the payment adapter; the pool grows by its count',
      description: 'payje is the package price in cents as shown; another price is a 400 (the price changed). The sandbox pays at once.',
      perm: SMS_PERM.buy,
      body: smsOrderBody,
      entity: 'smsorder',
      verb: 'create',
      response: smsOrderRow,
    },
    async ({ tx, auth, body }) => {
      assertHeadOffice(auth);
      return orderRow(await buySms(tx, auth, body));
    },
  );
  route(
    app,
    'GET',
    '/api-chain/smsorder',
    {
      summary: "The chain's SMS purchases, newest first",
      perm: SMS_PERM.view,
      query: smsOrderQuery,
      response: smsOrderPage,
    },
    async ({ tx, auth, query }) => {
      assertHeadOffice(auth);
      const where = and(...withinDays(smsOrders.createdAt, await tenantZone(tx, auth.tenantId), query.from, query.to));
      const page = await pageOf(
        tx,
        query,
        tx
          .select()
          .from(smsOrders)
          .where(where)
          .orderBy(desc(smsOrders.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => tx.select({ id: smsOrders.id }).from(smsOrders).where(where),
      );
      return { ...page, list: page.list.map(orderRow) };
    },
  );
  const assign = async (tx: Db, auth: Auth, input: { shopIds: number[]; count: number }) => {
    assertHeadOffice(auth);
    const rows = await assignSms(tx, auth, input.shopIds, input.count);
    return assignRows(
      tx,
      rows.map((r) => r.id),
    );
  };
  route(
    app,
    'GET',
    '/api-push/smsshop/batchAssign',
    {
      summary: '短信分配 (as the seed reads it, GET): the same count from the pool to each shop; a negative count takes messages back',
      description: 'docs/DECISIONS.md "Messaging": query shopIds=1,2&count=100. Past the pool, or a shop below 0: 409 with what is left.',
      perm: SMS_PERM.assign,
      query: smsAssignQuery,
      write: true,
      entity: 'smsshop',
      verb: 'create',
      response: z.array(smsAssignRow),
    },
    ({ tx, auth, query }) => assign(tx, auth, query),
  );
  route(
    app,
    'POST',
    '/api-push/smsshop/batchAssign',
    {
      summary: '短信分配: the same count from the pool to each shop (a negative count takes messages back)',
      perm: SMS_PERM.assign,
      body: smsAssignBody,
      entity: 'smsshop',
      verb: 'create',
      response: z.array(smsAssignRow),
    },
    ({ tx, auth, body }) => assign(tx, auth, body),
  );
  route(
    app,
    'GET',
    '/api-push/smsshop/assignList',
    {
      summary: 'The assignments to shops, newest first',
      perm: SMS_PERM.view,
      query: smsAssignListQuery,
      response: smsAssignPage,
    },
    async ({ tx, auth, query }) => {
      const where: SQL | undefined = and(
        inVisibleShops(auth, smsAssigns.shopId),
        query.shopid ? eq(smsAssigns.shopId, query.shopid) : undefined,
        ...withinDays(smsAssigns.createdAt, await tenantZone(tx, auth.tenantId), query.from, query.to),
      );
      const page = await pageOf(
        tx,
        query,
        tx
          .select({ a: smsAssigns, shopName: shops.name })
          .from(smsAssigns)
          .leftJoin(shops, eq(shops.id, smsAssigns.shopId))
          .where(where)
          .orderBy(desc(smsAssigns.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => tx.select({ id: smsAssigns.id }).from(smsAssigns).where(where),
      );
      return { ...page, list: page.list.map((r) => ({ ...assignRow(r.a), shopName: r.shopName })) };
    },
  );
  // Two seed paths read the same shop allowances (the chain's shop list and 短信余量).
  for (const [path, summary] of [
    ['/api-push/smsshop/chain/list', 'The shops (the user sees) with their messages: assigned, used, left'],
    ['/api-push/smsallowance/list/all', "短信余量: every shop's allowance (the shops the user sees)"],
  ] as const)
    route(app, 'GET', path, { summary, perm: SMS_PERM.view, query: smsShopQuery, response: smsShopList }, ({ tx, auth, query }) => {
      if (query.shopid) assertShopVisible(auth, query.shopid);
      return shopAllowances(tx, auth, query.shopid);
    });
  route(
    app,
    'GET',
    '/api-push/smsallowance/getSmsAllowanceByTenement',
    {
      summary: "The chain's allowance: bought, assigned to shops, left in the pool, left in the shops, used",
      description: 'bought = assigned + pool; assigned − used = shopsRemaining (the ledger keeps both true).',
      perm: SMS_PERM.view,
      response: smsTenantAllowance,
    },
    ({ tx, auth }) => {
      assertHeadOffice(auth);
      return tenantAllowance(tx);
    },
  );
  route(
    app,
    'GET',
    '/api-push/smsconfig',
    {
      summary: 'SMS settings: the signature every text ends with, the provider, the part limits (§8.1) and the price packages',
      perm: SMS_PERM.view,
      response: smsConfigAnswer,
    },
    async ({ tx, auth }) => {
      const [tenant] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, auth.tenantId));
      return {
        signature: smsSignature(tenant?.name ?? ''),
        provider: smsProvider() === 'http' ? 'http' : 'sandbox',
        partLimits: [...SMS_PART_LIMITS],
        packages: SMS_PACKAGES.map((p) => ({ ...p })),
      };
    },
  );
  for (const [path, per, label] of [
    ['/api-push/smsdstatis/chain/list', 'day', '每日'],
    ['/api-push/smsmstatis/chain/list', 'month', '每月'],
  ] as const)
    route(
      app,
      'GET',
      path,
      {
        summary: `短信统计（${label}）: per shop (and the pool): codes, campaigns, return visits, birthdays, bought, assigned, left at the end`,
        perm: SMS_PERM.view,
        query: smsStatQuery,
        response: smsStatList,
      },
      ({ tx, auth, query }) => smsStatistics(tx, auth, query, per),
    );

  // ---- templates ----
  route(
    app,
    'POST',
    '/api-push/smstemplate/save',
    {
      summary: 'Save an SMS template (no id creates); variables {name}, {shop}, {date}; parts counted with the signature',
      perm: SMS_PERM.template,
      body: smsTemplateBody,
      entity: 'smstemplate',
      response: smsTemplateRow,
    },
    ({ tx, auth, body }) => saveTemplate(tx, auth, body),
  );
  route(
    app,
    'GET',
    '/api-push/smstemplate/list',
    { summary: 'SMS templates, newest first', perm: SMS_PERM.view, query: smsTemplateQuery, response: smsTemplatePage },
    ({ tx, auth, query }) => listTemplates(tx, auth, query),
  );
  route(
    app,
    'GET',
    '/api-push/smstemplate/getTemplateListForChain',
    { summary: "Every SMS template of the chain (a campaign's picker)", perm: SMS_PERM.view, response: smsTemplateList },
    ({ tx, auth }) => allTemplates(tx, auth),
  );
  route(
    app,
    'GET',
    '/api-push/smstemplate/id/:id',
    { summary: 'One SMS template', perm: SMS_PERM.view, params: idParam, response: smsTemplateRow },
    ({ tx, auth, params }) => oneTemplate(tx, auth, params.id),
  );
  route(
    app,
    'DELETE',
    '/api-push/smstemplate/:id',
    { summary: 'Delete an SMS template', perm: SMS_PERM.template, params: idParam, entity: 'smstemplate' },
    async ({ tx, params }) => {
      await deleteTemplate(tx, params.id);
      return null;
    },
  );

  // ---- the audience and campaigns ----
  route(
    app,
    'GET',
    '/api-member/userinfo/list/findConditionSms',
    {
      summary: "A campaign's audience: normal members matching every condition (none: all members of the shops the user sees)",
      perm: SMS_PERM.send,
      query: smsAudienceQuery,
      response: smsAudiencePage,
    },
    async ({ tx, auth, query }) => {
      const { page, pageSize, hasBalance, ...rest } = query;
      if (rest.shopid) assertShopVisible(auth, rest.shopid);
      const audience = {
        filter: {
          ...rest,
          gender: rest.gender as 0 | 1 | 2 | undefined,
          hasBalance: hasBalance === undefined ? undefined : hasBalance === 'true',
        },
        shops: visibleShops(auth),
        zone: await tenantZone(tx, auth.tenantId),
      };
      const total = await countSmsAudience(tx, audience);
      const list = await smsAudienceAfter(tx, audience, 0, pageSize, (page - 1) * pageSize);
      return { list, total, page, pageSize };
    },
  );
  route(
    app,
    'GET',
    '/api-push/smstask',
    {
      summary: 'SMS campaigns (群发) of the shops the user sees, newest first',
      perm: SMS_PERM.view,
      query: smsTaskQuery,
      response: smsTaskPage,
    },
    ({ tx, auth, query }) => listTasks(tx, auth, query),
  );
  route(
    app,
    'POST',
    '/api-push/smstask',
    {
      summary:
        'A campaign: confirm=false answers recipients × parts = cost; confirm=true queues it (cost reserved on the shop) or changes a pending one',
      description:
        'Audience: typed mobiles, or the member filter (empty: all members, preview.allMembers). Past the shop’s messages: 409 with what is left. ' +
        'sendtype 2 sends at sendtime. Texts are queued and sent in batches by a job, each batch its own transaction.',
      perm: SMS_PERM.send,
      body: smsTaskBody,
      entity: 'smstask',
      read: (input) => (input.body as { confirm?: boolean } | undefined)?.confirm === false,
      response: smsTaskAnswer,
    },
    ({ tx, auth, body }) => saveTask(tx, auth, body),
  );
  route(
    app,
    'POST',
    '/api-push/smstask/updateTaskConnetById',
    {
      summary: 'Cancel a pending campaign (its reserved messages return) or resume a cancelled one',
      perm: SMS_PERM.send,
      body: smsTaskToggleBody,
      entity: 'smstask',
      verb: 'update',
      response: smsTaskRow,
    },
    ({ tx, auth, body }) => toggleTask(tx, auth, body.id, body.action),
  );
  route(
    app,
    'DELETE',
    '/api-push/smstask/:id',
    {
      summary: 'Delete a campaign that never sent (a pending one returns its reservation)',
      perm: SMS_PERM.send,
      params: idParam,
      entity: 'smstask',
    },
    async ({ tx, auth, params }) => {
      await deleteTask(tx, auth, params.id);
      return null;
    },
  );
  route(
    app,
    'GET',
    '/api-push/staskreply',
    { summary: 'Replies to campaign texts, newest first', perm: SMS_PERM.view, query: smsReplyQuery, response: smsReplyPage },
    async ({ tx, auth, query }) => {
      if (query.shopid) assertShopVisible(auth, query.shopid);
      const where = and(
        inVisibleShops(auth, smsReplies.shopId),
        query.shopid ? eq(smsReplies.shopId, query.shopid) : undefined,
        query.taskId ? eq(smsReplies.taskId, query.taskId) : undefined,
      );
      const page = await pageOf(
        tx,
        query,
        tx
          .select()
          .from(smsReplies)
          .where(where)
          .orderBy(desc(smsReplies.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        () => tx.select({ id: smsReplies.id }).from(smsReplies).where(where),
      );
      return { ...page, list: page.list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },
  );

  // ---- automatic messages ----
  route(
    app,
    'GET',
    '/api-push/servicesmsreturn',
    { summary: '服务回访短信: the rules (text, service types, days after the service)', perm: SMS_PERM.view, response: smsReturnList },
    ({ tx }) => listReturnRules(tx),
  );
  route(
    app,
    'POST',
    '/api-push/servicesmsreturn',
    {
      summary: 'Save a return-visit rule: a daily job texts each member N days after a settled service of these types, once per bill',
      perm: SMS_PERM.template,
      body: smsReturnBody,
      entity: 'servicesmsreturn',
      response: smsReturnRow,
    },
    ({ tx, auth, body }) => {
      assertHeadOffice(auth);
      return saveReturnRule(tx, auth, body);
    },
  );
  route(
    app,
    'POST',
    '/api-push/birthdaysms',
    {
      summary: "Save a shop's birthday text (one SMS); with autosend a daily job at 09:00 texts its members born that day, once a year",
      perm: SMS_PERM.template,
      body: smsBirthdayBody,
      entity: 'birthdaysms',
      response: smsBirthdayRow,
    },
    ({ tx, auth, body }) => saveBirthdaySetting(tx, auth, body),
  );
  route(
    app,
    'GET',
    '/api-push/birthdaysms/list/findAllByShop',
    {
      summary: "The shops' birthday texts (the shops the user sees)",
      perm: SMS_PERM.view,
      query: smsBirthdayQuery,
      response: smsBirthdayList,
    },
    ({ tx, auth, query }) => listBirthdaySettings(tx, auth, query.shopid),
  );

  // ---- WeChat return visits: a setting per service group, its reminders; the daily job sends them ----
  route(
    app,
    'GET',
    `${P}/servicewxreturn`,
    {
      summary: 'WeChat return-visit settings (servicewxreturn), of one service type when servtid is given',
      perm: SMS_PERM.view,
      query: wxReturnQuery,
      response: wxReturnList,
    },
    ({ tx, query }) => listWxRules(tx, query.servtid),
  );
  route(
    app,
    'GET',
    `${P}/servicewxreturn/id/:id`,
    { summary: 'One WeChat return-visit setting', perm: SMS_PERM.view, params: idParam, response: wxReturnRow },
    ({ tx, params }) => oneWxRule(tx, params.id),
  );
  route(
    app,
    'POST',
    `${P}/servicewxreturn`,
    {
      summary: 'Save a WeChat return-visit setting (no id creates), or delete one with {id, isDel: "1"}',
      description: 'Its services must be of servtid. Head office only: a user limited to shops gets 403. Deleting drops its reminders.',
      perm: SMS_PERM.template,
      body: wxReturnBody,
      entity: 'servicewxreturn',
      response: wxReturnAnswer,
    },
    ({ tx, auth, body }) => saveWxRule(tx, auth, body, () => scheduleDailySms(tx, auth.tenantId)),
  );
  route(
    app,
    'POST',
    `${P}/servicewxtask`,
    {
      summary: 'Add a reminder to a WeChat return-visit setting: 1 staff or 2 customer, afterDay 1–10, a template of that kind',
      perm: SMS_PERM.template,
      body: wxTaskBody,
      entity: 'servicewxtask',
      verb: 'create',
      response: wxTaskRow,
    },
    ({ tx, auth, body }) => addWxTask(tx, auth, body, () => scheduleDailySms(tx, auth.tenantId)),
  );
  route(
    app,
    'POST',
    `${P}/servicewxtask/findByIdAndType`,
    {
      summary: 'The reminders of a WeChat return-visit setting of one kind (1 staff, 2 customer)',
      perm: SMS_PERM.view,
      body: wxTaskFind,
      read: true,
      response: wxTaskList,
    },
    ({ tx, body }) => findWxTasks(tx, body.wrid, body.type),
  );
  route(
    app,
    'DELETE',
    `${P}/servicewxtask/:id`,
    { summary: 'Delete a reminder of a WeChat return-visit setting', perm: SMS_PERM.template, params: idParam, entity: 'servicewxtask' },
    async ({ tx, auth, params }) => {
      await deleteWxTask(tx, auth, params.id);
      return null;
    },
  );

  // ---- in-app messages: the seed's 3×7 reading (DOMAIN-DETAIL §8.1) served whole; publish and batchSave by GET and POST ----
  for (const [resource, kind] of Object.entries(INAPP_RESOURCES)) {
    const B = `${P}/${resource}`;
    for (const list of ['list/account', 'list/accountchain', 'list/shop', 'list/shopchain'])
      route(
        app,
        'GET',
        `${B}/${list}`,
        {
          summary: `In-app messages (${kind}) the account may read, newest first, with their read state and the unread count`,
          description: 'The four list calls answer the same list: shopid narrows to one shop, unread=true to the unread.',
          perm: null,
          query: inappListQuery,
          response: inappPage,
        },
        ({ tx, auth, query }) => listMessages(tx, auth, kind, query),
      );
    route(
      app,
      'GET',
      `${B}/list/published`,
      {
        summary: `The ${kind} messages sent to shops (every shop or one), newest first, each with how many accounts have read it`,
        description: 'Not a seed call: the notices page lists what head office sent with this.',
        perm: INAPP_PERM,
        query: inappListQuery,
        response: inappSentPage,
      },
      ({ tx, auth, query }) => listPublished(tx, auth, kind, query),
    );
    for (const [call, fromShop] of [
      ['publish', false],
      ['publishchain', true],
    ] as const) {
      const summary = fromShop
        ? `A shop's ${kind} message to head office (shopid: the sending shop), pushed live`
        : `Publish a ${kind} message to a shop (shopid) or every shop, pushed live`;
      const spec = { summary, perm: INAPP_PERM, entity: resource, verb: 'create' as const, response: inappRow };
      route(app, 'GET', `${B}/${call}`, { ...spec, query: inappPublishBody, write: true }, ({ tx, auth, query }) =>
        publish(tx, auth, kind, query, fromShop),
      );
      route(app, 'POST', `${B}/${call}`, { ...spec, body: inappPublishBody }, ({ tx, auth, body }) =>
        publish(tx, auth, kind, body, fromShop),
      );
    }
    const read = {
      summary: 'Mark messages read by the account',
      perm: null,
      entity: resource,
      verb: 'update' as const,
      response: inappReadAnswer,
    };
    route(app, 'GET', `${B}/batchSave`, { ...read, query: inappReadBody, write: true }, ({ tx, auth, query }) =>
      markRead(tx, auth, query.ids),
    );
    route(app, 'POST', `${B}/batchSave`, { ...read, body: inappReadBody }, ({ tx, auth, body }) => markRead(tx, auth, body.ids));
  }
}
