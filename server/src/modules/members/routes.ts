import {
  advisorOption,
  batchEditBody,
  editEmployeeBody,
  eelistQuery,
  freezeBody,
  freezeQuery,
  importLogQuery,
  memberIdQuery,
  memberImportQuery,
  memberImportTemplateQuery,
  memberListQuery,
  memberPaths,
  memberSave,
  memberShopListQuery,
  relationListQuery,
  removeUserinfoBody,
  unfreezeBody,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dateTimeText } from '../../platform/excel.js';
import { buildTemplate, importUpload, sendTemplate } from '../../platform/importer.js';
import { listExport } from '../../platform/list-export.js';
import { route } from '../../platform/route.js';
import { importDefOf, importMembers, listImportLogs, memberImportSheet } from './import.js';
import {
  firstCardOpener,
  freezeMembers,
  getMember,
  listMembers,
  PERM_EDIT,
  PERM_FREEZE,
  PERM_IMPORT,
  PERM_RELATION_EDIT,
  PERM_RELATION_VIEW,
  PERM_VIEW,
  saveMember,
  unfreezeMember,
} from './members.js';
import { advisorOptions, listRelations, setAdvisor } from './relations.js';

const P = memberPaths;

/**
 * Members: lists (chain and shop), the detail, create/edit, freeze/unfreeze, member ↔ employee
 * relations (客情归属) and the member import with its log.
 */
export async function membersModule(app: FastifyInstance) {
  // ---- Lists and detail
  route(
    app,
    'GET',
    P.chainList,
    {
      summary: 'Members of the chain: paged, filtered (keyword, shop, grade, channel, status, registered, last visit, balance)',
      description:
        'keyword: a whole mobile or its last 4+ digits, a member number, a card number (electronic or physical: its holder, chain-wide), 2+ Chinese characters of the name or 2+ pinyin initials; ' +
        'a shorter keyword is a 400 asking for more. A user limited to some shops sees the members of those shops; a whole mobile ' +
        'or a member number finds a member of any shop (docs/DECISIONS.md, "Members of another shop").',
      perm: PERM_VIEW,
      query: memberListQuery,
    },
    ({ tx, auth, query }) => listMembers(tx, auth, query),
  );
  route(
    app,
    'GET',
    P.shopList,
    {
      summary: 'Members of one shop (shopid, which must be one of the user’s): the same filters',
      perm: PERM_VIEW,
      query: memberShopListQuery,
    },
    ({ tx, auth, query }) => {
      const { shopid, ...rest } = query;
      return listMembers(tx, auth, { ...rest, shopId: shopid });
    },
  );
  route(
    app,
    'GET',
    P.detail,
    {
      summary: 'One member: fields, shop, grade, channel, advisor, status and totals',
      description:
        'A member of a shop the user does not see answers the reduced view (limited: true, mobile masked, personal fields null).',
      perm: PERM_VIEW,
      query: memberIdQuery,
    },
    ({ tx, auth, query }) => getMember(tx, auth, query.memid),
  );

  // ---- Writes
  route(
    app,
    'POST',
    P.save,
    {
      summary: 'Create a member (no id: mobile + name + fields, numbered from the series) or change one (id, optional version)',
      description: '409 when the mobile belongs to another member of the chain, naming them. 403 for a shop the user does not see.',
      perm: PERM_EDIT,
      body: memberSave,
      entity: 'member',
      idempotent: 'optional',
      moves: { what: ['money'], locks: ['close'], on: "today, the member's shop (a first card opened with a new member)" },
    },
    async ({ tx, auth, body, req }) => {
      const { card, ...member } = body;
      const saved = await saveMember(tx, auth, member, req.body);
      return card ? { ...saved, card: await firstCardOpener.call(tx, auth, saved.id, member, card) } : saved;
    },
  );
  route(
    app,
    'POST',
    P.freeze,
    {
      summary: 'Freeze members (memids, freezeMemo ≤ 200); 409 when one is frozen or cancelled',
      perm: PERM_FREEZE,
      body: freezeBody,
      entity: 'member',
      verb: 'freeze',
    },
    ({ tx, auth, body }) => freezeMembers(tx, auth, body.memids, body.freezeMemo),
  );
  route(
    app,
    'GET',
    P.freeze,
    {
      summary: 'Freeze members as the seed calls it (GET, memids as a comma list, freezeMemo ≤ 200)',
      perm: PERM_FREEZE,
      query: freezeQuery,
      write: true,
      entity: 'member',
      verb: 'freeze',
    },
    ({ tx, auth, query }) => freezeMembers(tx, auth, query.memids, query.freezeMemo),
  );
  route(
    app,
    'POST',
    P.unfreeze,
    {
      summary: 'Unfreeze a member (memid); 409 when not frozen',
      perm: PERM_FREEZE,
      body: unfreezeBody,
      entity: 'member',
      verb: 'unfreeze',
    },
    ({ tx, auth, body }) => unfreezeMember(tx, auth, body.memid),
  );
  route(
    app,
    'GET',
    P.unfreeze,
    {
      summary: 'Unfreeze a member as the seed calls it (GET ?memid=)',
      perm: PERM_FREEZE,
      query: memberIdQuery,
      write: true,
      entity: 'member',
      verb: 'unfreeze',
    },
    ({ tx, auth, query }) => unfreezeMember(tx, auth, query.memid),
  );

  // ---- Relations (客情归属)
  route(
    app,
    'GET',
    P.relationList,
    {
      summary:
        'Members and their advisors: filters days since last visit, spend, visits, channel, advisor (eeid, 0 = none); spend per visit',
      perm: PERM_RELATION_VIEW,
      query: relationListQuery,
    },
    ({ tx, auth, query }) => listRelations(tx, auth, query),
  );
  listExport(app, P.relationExport, {
    perm: PERM_RELATION_VIEW,
    query: relationListQuery,
    list: ({ tx, auth }, query) => listRelations(tx, auth, query),
    title: ['客情归属', 'Member advisors'],
    columns: [
      { key: 'code', title: ['会员编号', 'Member number'] },
      { key: 'name', title: ['姓名', 'Name'] },
      { key: 'mobile', title: ['手机号', 'Mobile'], width: 14, masked: 'mobile' },
      { key: 'shopName', title: ['所属门店', 'Home shop'], width: 20 },
      { key: 'advisorName', title: ['所属员工', 'Advisor'] },
      { key: 'spent', title: ['消费金额', 'Spent'], value: (r) => r.spent / 100 },
      { key: 'visits', title: ['到店次数', 'Visits'] },
      { key: 'perVisit', title: ['客单价', 'Spend per visit'], value: (r) => r.perVisit / 100 },
      {
        key: 'lastVisitAt',
        title: ['最近到店', 'Last visit'],
        width: 20,
        value: (r, _lang, zone) => (r.lastVisitAt ? dateTimeText(r.lastVisitAt, zone) : ''),
      },
      { key: 'missDays', title: ['未到店天数', 'Days since visit'], value: (r) => r.missDays ?? '' },
    ],
  });
  for (const base of P.relationBases) {
    route(
      app,
      'POST',
      `${base}/editEmployee`,
      { summary: 'Set one member’s advisor (memid, eeid)', perm: PERM_RELATION_EDIT, body: editEmployeeBody, entity: 'memberrelation' },
      ({ tx, auth, body }) => setAdvisor(tx, auth, [body.memid], body.eeid),
    );
    route(
      app,
      'POST',
      `${base}/batchEdit`,
      {
        summary: 'Set the advisor of many members (memids, eeid)',
        perm: PERM_RELATION_EDIT,
        body: batchEditBody,
        entity: 'memberrelation',
      },
      ({ tx, auth, body }) => setAdvisor(tx, auth, body.memids, body.eeid),
    );
    route(
      app,
      'POST',
      `${base}/removeUserinfo`,
      {
        summary: 'Remove the advisor of members (memids)',
        perm: PERM_RELATION_EDIT,
        body: removeUserinfoBody,
        entity: 'memberrelation',
        verb: 'delete',
      },
      ({ tx, auth, body }) => setAdvisor(tx, auth, body.memids, null),
    );
    route(
      app,
      'GET',
      `${base}/eelistApp`,
      {
        summary: 'Employees on the job for the advisor picker (shopid optional, keyword)',
        perm: PERM_RELATION_VIEW,
        query: eelistQuery,
        response: z.array(advisorOption),
      },
      ({ tx, auth, query }) => advisorOptions(tx, auth, query.shopid, query.keyword),
    );
  }

  // ---- Import
  route(
    app,
    ['GET', 'POST'],
    P.importTemplate,
    {
      summary: 'Members: Excel import template of a type (1 members only, 2 with cards and balances, 3 with packages)',
      perm: PERM_IMPORT,
      raw: true,
      read: true,
      query: memberImportTemplateQuery,
    },
    async ({ tx, auth, lang, reply, query }) =>
      sendTemplate(
        reply,
        await buildTemplate(tx, importDefOf(query.type, 0, lang), auth, lang),
        lang === 'en-US' ? 'Member import template' : '会员导入模板',
      ),
  );
  route(
    app,
    'POST',
    P.import,
    {
      summary:
        'Members: import an Excel sheet into a shop (shopid; type 1 members, 2 with cards and balances, 3 with packages); all rows or none; logged',
      description:
        'Type 2 opens each card with its balances per shop bucket (card ledger rows, no gift rule); type 3 posts each package line’s count left on the package ledger. Any problem: 400 with ' +
        '`data.errors` = [{row, column, message}] and `data.logId`, nothing stored. Otherwise `data.imported` and `data.logId`.',
      perm: PERM_IMPORT,
      query: memberImportQuery,
      entity: 'member',
      verb: 'import',
      moves: { what: ['money'], locks: ['close'], on: "today, the import's shop and its buckets' shops (types 2 and 3)" },
      upload: importUpload(() => memberImportSheet),
    },
    (ctx) => importMembers(ctx, ctx.query),
  );
  route(
    app,
    'GET',
    P.importLogs,
    { summary: 'Member imports: expected, succeeded, failed and the problems, newest first', perm: PERM_IMPORT, query: importLogQuery },
    ({ tx, auth, query }) => listImportLogs(tx, auth, query),
  );
}
