import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors.js';
import { type ExcelColumn, sendXlsx, shownInFull } from './excel.js';
import { tenantZone } from './numbering.js';
import type { PageInput } from './paging.js';
import { type Ctx, route } from './route.js';

/** An export holds at most this many rows; past it the user is asked to narrow the filters. */
export const EXPORT_CAP = 50_000;
/** Rows read per query while the workbook is written: a whole export is never held in memory. */
export const EXPORT_CHUNK = 1_000;

/** A list query: its filters, the sort and the page (`pageQuery` extended). */
type ListQuerySchema = z.ZodObject<{ page: z.ZodType; pageSize: z.ZodType }>;
/** A row of the list's page. */
type RowOf<P> = P extends { list: (infer T)[] } ? T : never;
/** The export's query: the list's own, without the page. */
type ExportQuery<Q extends ListQuerySchema> = Omit<z.output<Q>, 'page' | 'pageSize'>;

export interface ListExportSpec<Q extends ListQuerySchema, P extends { list: object[] }> {
  /** The list's permission: whoever may read the list may export it. */
  perm: string | null;
  /** The list's query schema: the export takes the same filters and sort. */
  query: Q;
  /** The workbook's file and sheet name (zh-CN, en-US). */
  title: readonly [string, string];
  /** The sheet's columns, or made from the first page (a price grid's column per shop). */
  columns: ExcelColumn<RowOf<P>>[] | ((first: P) => ExcelColumn<RowOf<P>>[]);
  /** At most this many rows (a multiple of EXPORT_CHUNK; default EXPORT_CAP). */
  cap?: number;
  /** More rows match than the cap, told by the list's first page (a list that cannot page past its cap). */
  tooMany?: (first: NoInfer<P>) => boolean;
  /** One page of the list, exactly as the list route reads it (same filters, sort and shop scope). */
  list: (ctx: Ctx<ExportQuery<Q>, unknown, unknown>, query: z.output<Q>) => Promise<P>;
}

/**
 * Registers `GET path`: the list as an .xlsx workbook, with the filters and the sort the list shows,
 * read page by page while the workbook streams out. More than EXPORT_CAP matching rows is refused (400)
 * before anything is sent, so a file never silently stops short.
 */
export function listExport<Q extends ListQuerySchema, P extends { list: object[] }>(
  app: FastifyInstance,
  path: string,
  spec: ListExportSpec<Q, P>,
) {
  const cap = spec.cap ?? EXPORT_CAP;
  const query = spec.query.omit({ page: true, pageSize: true } as never) as unknown as z.ZodType<ExportQuery<Q>>;
  route(
    app,
    'GET',
    path,
    { summary: `Excel export of the filtered list (at most ${cap} rows)`, perm: spec.perm, query, raw: true },
    async (ctx) => {
      const pageOf = (p: PageInput) => spec.list(ctx, { ...ctx.query, ...p } as z.output<Q>);
      const first = await pageOf({ page: 1, pageSize: EXPORT_CHUNK });
      const tooMany = spec.tooMany ? spec.tooMany(first) : (await pageOf({ page: cap + 1, pageSize: 1 })).list.length > 0;
      if (tooMany) throw new AppError(400, 'exportTooMany', { cap });
      async function* rows(): AsyncGenerator<RowOf<P>> {
        yield* first.list as RowOf<P>[];
        if (first.list.length < EXPORT_CHUNK) return;
        for (let page = 2; page <= cap / EXPORT_CHUNK; page++) {
          const { list } = await pageOf({ page, pageSize: EXPORT_CHUNK });
          yield* list as RowOf<P>[];
          if (list.length < EXPORT_CHUNK) return;
        }
      }
      const columns = typeof spec.columns === 'function' ? spec.columns(first) : spec.columns;
      const zone = await tenantZone(ctx.tx, ctx.auth.tenantId);
      const shown = await shownInFull(ctx.tx, columns);
      return sendXlsx(ctx.reply, ctx.lang, spec.title[ctx.lang === 'en-US' ? 1 : 0], columns, rows(), zone, shown);
    },
  );
}
