import {
  REPORT_DESIGN_EDIT_PERM,
  REPORT_DESIGN_PERM,
  REPORT_PATHS,
  REPORT_RESOURCES,
  REPORT_RUN_PERM,
  reportByIdQuery,
  reportByIdsBody,
  reportByIdsQuery,
  reportCode,
  reportColumnsAnswer,
  reportColumnsPath,
  reportColumnsQuery,
  reportDataAnswer,
  reportDataPath,
  reportDataQuery,
  reportDeletedAnswer,
  reportExportQuery,
  reportHead,
  reportHeadListQuery,
  reportHeadPage,
  reportHeadSave,
  reportItem,
  reportItemEdit,
  reportItemListQuery,
  reportItemSave,
  reportLayout,
  reportLayoutQuery,
  reportLayoutSave,
  reportMineAnswer,
  reportSavedAnswer,
  saveByQuery,
  sqlParseAnswer,
  sqlReportAnswer,
  sqlReportBody,
  sqlReportQuery,
  sqlResultAnswer,
} from '@headoffice/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../platform/route.js';
import {
  copyHead,
  deleteHeads,
  deleteItems,
  deleteLayouts,
  editItem,
  headById,
  headPage,
  itemById,
  itemsOfHead,
  layoutById,
  layoutOf,
  saveHead,
  saveItem,
  saveLayout,
} from './definitions.js';
import { columnsAnswer, headsForUser, runReport } from './runner.js';
import { exportReport, parseSql, sqlReportRows, testRun } from './sql-routes.js';

const design = REPORT_DESIGN_PERM;
const edit = REPORT_DESIGN_EDIT_PERM;
const run = REPORT_RUN_PERM;
const idAnswer = reportSavedAnswer;
const countAnswer = reportDeletedAnswer;

export async function reportsModule(app: FastifyInstance) {
  // ── heads
  route(
    app,
    'GET',
    REPORT_PATHS.headList,
    { summary: 'Report definitions (报表设计), by code', perm: design, query: reportHeadListQuery, response: reportHeadPage },
    ({ tx, query }) => headPage(tx, query),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.headGet,
    { summary: 'One report definition with its columns and SQL', perm: design, query: reportByIdQuery, response: reportHead },
    ({ tx, query }) => headById(tx, query.id),
  );
  route(
    app,
    ['POST', 'PUT'],
    REPORT_PATHS.headSave,
    {
      summary: 'Create (no id) or change a report definition; with `items`, its columns become exactly these',
      description:
        'The SQL is checked as a report runs it (one SELECT of the tables reports may read, allowed functions only): 400 naming the problem. ' +
        'The code is unique (409). A report shipped with HeadOffice cannot be changed (409): copy it.',
      perm: edit,
      body: reportHeadSave,
      entity: 'report',
      response: idAnswer,
    },
    ({ tx, auth, body }) => saveHead(app, tx, auth, body),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.headSave,
    {
      summary: 'The same save sent as GET, its body as JSON in `data`',
      perm: edit,
      query: saveByQuery(reportHeadSave),
      write: true,
      entity: 'report',
      response: idAnswer,
    },
    ({ tx, auth, query }) => saveHead(app, tx, auth, query.data),
  );
  route(
    app,
    'POST',
    REPORT_PATHS.headCopy,
    {
      summary: 'Copies a report (a shipped one, most often) under a new code and name, to be changed',
      perm: edit,
      body: z.object({ id: z.number().int().positive(), code: reportCode, name: z.string().trim().min(1).max(60) }),
      entity: 'report',
      response: idAnswer,
    },
    ({ tx, auth, body }) => copyHead(tx, auth, body),
  );
  route(
    app,
    ['GET', 'DELETE'],
    REPORT_PATHS.headDelete,
    {
      summary: 'Deletes a report definition (a shipped one: 409)',
      perm: edit,
      query: reportByIdQuery,
      write: true,
      entity: 'report',
      response: countAnswer,
    },
    ({ tx, query }) => deleteHeads(tx, [query.id]),
  );
  route(
    app,
    ['GET', 'DELETE'],
    REPORT_PATHS.headDeleteBatch,
    {
      summary: 'Deletes report definitions (`ids=1,2`); none if any is shipped (409)',
      perm: edit,
      query: reportByIdsQuery,
      write: true,
      entity: 'report',
      response: countAnswer,
    },
    ({ tx, query }) => deleteHeads(tx, query.ids),
  );
  route(
    app,
    'POST',
    REPORT_PATHS.headDeleteBatch,
    { summary: 'Deletes report definitions (a body of ids)', perm: edit, body: reportByIdsBody, entity: 'report', response: countAnswer },
    ({ tx, body }) => deleteHeads(tx, body.ids),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.headMine,
    { summary: 'The reports the signed-in user may run (报表中心)', perm: run, response: reportMineAnswer },
    ({ tx, auth }) => headsForUser(tx, auth),
  );

  // ── items (columns) and params (the filters among them)
  for (const [list, get, save, del, delBatch, filtersOnly] of [
    [REPORT_PATHS.itemList, REPORT_PATHS.itemGet, REPORT_PATHS.itemSave, REPORT_PATHS.itemDelete, REPORT_PATHS.itemDeleteBatch, false],
    [REPORT_PATHS.paramList, REPORT_PATHS.paramGet, REPORT_PATHS.paramSave, REPORT_PATHS.paramDelete, REPORT_PATHS.paramDeleteBatch, true],
  ] as const) {
    const what = filtersOnly ? 'filters (the columns marked isSearch)' : 'columns';
    route(
      app,
      'GET',
      list,
      { summary: `A report's ${what}, in order`, perm: design, query: reportItemListQuery, response: z.array(reportItem) },
      ({ tx, query }) => itemsOfHead(tx, query.headId, filtersOnly),
    );
    route(
      app,
      'GET',
      get,
      { summary: `One of a report's ${what}`, perm: design, query: reportByIdQuery, response: reportItem },
      ({ tx, query }) => itemById(tx, query.id, filtersOnly),
    );
    route(
      app,
      ['POST', 'PUT'],
      save,
      {
        summary: `Adds (no id) or changes one of a report's ${what}`,
        description: 'The column name is unique in its report (409); a shipped report cannot be changed (409).',
        perm: edit,
        body: reportItemSave,
        entity: 'reportitem',
        response: idAnswer,
      },
      ({ tx, body }) => saveItem(tx, filtersOnly ? { ...body, isSearch: true } : body),
    );
    route(
      app,
      'GET',
      save,
      {
        summary: 'The same save sent as GET, its body as JSON in `data`',
        perm: edit,
        query: saveByQuery(reportItemSave),
        write: true,
        entity: 'reportitem',
        response: idAnswer,
      },
      ({ tx, query }) => saveItem(tx, filtersOnly ? { ...query.data, isSearch: true } : query.data),
    );
    route(
      app,
      ['GET', 'DELETE'],
      del,
      {
        summary: `Removes one of a report's ${what}`,
        perm: edit,
        query: reportByIdQuery,
        write: true,
        entity: 'reportitem',
        response: countAnswer,
      },
      ({ tx, query }) => deleteItems(tx, [query.id]),
    );
    route(
      app,
      ['GET', 'DELETE'],
      delBatch,
      {
        summary: `Removes several of a report's ${what} (\`ids=1,2\`)`,
        perm: edit,
        query: reportByIdsQuery,
        write: true,
        entity: 'reportitem',
        response: countAnswer,
      },
      ({ tx, query }) => deleteItems(tx, query.ids),
    );
  }
  route(
    app,
    'PUT',
    REPORT_PATHS.itemEdit,
    {
      summary: 'Changes some settings of one column in place (width, order, shown…)',
      perm: edit,
      body: reportItemEdit,
      entity: 'reportitem',
      response: idAnswer,
    },
    ({ tx, body }) => editItem(tx, body),
  );

  // ── the user's column layout (udiy)
  route(
    app,
    'GET',
    REPORT_PATHS.udiyList,
    { summary: 'The columns the signed-in user hides in a report', perm: run, query: reportLayoutQuery, response: reportLayout.nullable() },
    ({ tx, auth, query }) => layoutOf(tx, auth, query.code),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.udiyGet,
    { summary: "One of the signed-in user's layouts", perm: run, query: reportByIdQuery, response: reportLayout },
    ({ tx, auth, query }) => layoutById(tx, auth, query.id),
  );
  route(
    app,
    'POST',
    REPORT_PATHS.udiySave,
    {
      summary: 'Keeps the columns the signed-in user hides in a report',
      perm: run,
      body: reportLayoutSave,
      entity: 'reportlayout',
      response: idAnswer,
    },
    ({ tx, auth, body }) => saveLayout(tx, auth, body),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.udiySave,
    {
      summary: 'The same save sent as GET, its body as JSON in `data`',
      perm: run,
      query: saveByQuery(reportLayoutSave),
      write: true,
      entity: 'reportlayout',
      response: idAnswer,
    },
    ({ tx, auth, query }) => saveLayout(tx, auth, query.data),
  );
  route(
    app,
    ['GET', 'DELETE'],
    REPORT_PATHS.udiyDelete,
    {
      summary: "Forgets one of the signed-in user's layouts",
      perm: run,
      query: reportByIdQuery,
      write: true,
      entity: 'reportlayout',
      response: countAnswer,
    },
    ({ tx, auth, query }) => deleteLayouts(tx, auth, [query.id]),
  );
  route(
    app,
    ['GET', 'DELETE'],
    REPORT_PATHS.udiyDeleteBatch,
    {
      summary: "Forgets several of the signed-in user's layouts",
      perm: run,
      query: reportByIdsQuery,
      write: true,
      entity: 'reportlayout',
      response: countAnswer,
    },
    ({ tx, auth, query }) => deleteLayouts(tx, auth, query.ids),
  );

  // ── the runner, under each of the four resources as the seed lists it
  for (const resource of REPORT_RESOURCES) {
    route(
      app,
      'GET',
      reportColumnsPath(resource),
      {
        summary: 'A report as its page shows it: the head, the columns and filters the user may see, the columns they hide',
        description: 'A column limited to roles the user lacks is not sent at all.',
        perm: run,
        query: reportColumnsQuery,
        response: reportColumnsAnswer,
      },
      ({ tx, auth, query }) => columnsAnswer(tx, auth, query.code),
    );
    route(
      app,
      'GET',
      reportDataPath(resource),
      {
        summary: 'A report run: its columns, one page of rows, the count and the totals',
        description:
          'The SQL runs read-only as a role that may only read, under the tenant’s row security, with a time limit and a plan cost cap. ' +
          'A user limited to some shops gets the rows of their shops only: the report must have a shop_id column or read :shop_ids (403 otherwise).',
        perm: run,
        query: reportDataQuery,
        response: reportDataAnswer,
      },
      ({ tx, auth, query }) => runReport(app, tx, auth, query.code, query),
    );
  }

  // ── SQL checks and runs
  route(
    app,
    'POST',
    REPORT_PATHS.sqlParse,
    {
      summary: "The columns of a report's SQL, without running it, and its :name parameters",
      perm: edit,
      body: sqlReportBody,
      read: true,
      response: sqlParseAnswer,
    },
    ({ tx, auth, body }) => parseSql(app, tx, auth, body),
  );
  route(
    app,
    'POST',
    REPORT_PATHS.sqlResult,
    { summary: "A test run of a report's SQL: its first 100 rows", perm: edit, body: sqlReportBody, read: true, response: sqlResultAnswer },
    ({ tx, auth, body }) => testRun(app, tx, auth, body),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.sqlReport,
    {
      summary: "A report's rows by its code (one page)",
      perm: run,
      params: z.object({ code: reportCode }),
      query: sqlReportQuery,
      response: sqlReportAnswer,
    },
    ({ tx, auth, params, query }) => sqlReportRows(app, tx, auth, params.code, query),
  );
  route(
    app,
    'GET',
    REPORT_PATHS.export,
    {
      summary: "A report's every matching row as an Excel workbook, streamed",
      description: 'The columns the user may see; refused (400) past 1,000,000 rows, before anything is sent.',
      perm: run,
      params: z.object({ code: reportCode }),
      query: reportExportQuery,
      raw: true,
    },
    ({ tx, auth, params, query, lang, reply }) => exportReport(app, tx, auth, params.code, query, lang, reply),
  );
}
