import { loadModule, parseSync, scanSync } from 'libpg-query';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';

/**
 * A report's SQL, checked before it runs: PostgreSQL's own parser (libpg-query) reads it, and only one
 * SELECT of the application's tables, calling only the functions a report needs, gets through. The
 * database is the second wall (`report-run.ts`): the text runs read-only, as a role that may only read,
 * under the tenant's row security.
 */

let loading: Promise<void> | undefined;
/** The parser is WebAssembly, loaded once before the first check. */
export const reportParserReady = () => {
  loading ??= loadModule();
  return loading;
};

/** Functions a report may call: aggregates, windows, arithmetic, text, dates and JSON building. Nothing that sleeps, reads files, opens connections or changes a setting. */
const ALLOWED_FUNCTIONS = new Set([
  // aggregates
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'string_agg',
  'array_agg',
  'bool_and',
  'bool_or',
  'every',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'percentile_cont',
  'percentile_disc',
  'mode',
  'json_agg',
  'jsonb_agg',
  'json_object_agg',
  'jsonb_object_agg',
  // windows
  'row_number',
  'rank',
  'dense_rank',
  'percent_rank',
  'cume_dist',
  'ntile',
  'lag',
  'lead',
  'first_value',
  'last_value',
  'nth_value',
  // numbers
  'abs',
  'round',
  'ceil',
  'ceiling',
  'floor',
  'trunc',
  'mod',
  'power',
  'sqrt',
  'sign',
  'div',
  // text
  'lower',
  'upper',
  'length',
  'char_length',
  'substring',
  'substr',
  'btrim',
  'ltrim',
  'rtrim',
  'trim',
  'concat',
  'concat_ws',
  'replace',
  'split_part',
  'left',
  'right',
  'lpad',
  'rpad',
  'position',
  'strpos',
  'initcap',
  'reverse',
  'format',
  'md5',
  // dates and times
  'to_char',
  'to_date',
  'to_number',
  'to_timestamp',
  'date_trunc',
  'date_part',
  'extract',
  'age',
  'make_date',
  'make_time',
  'make_interval',
  'justify_days',
  'justify_hours',
  'now',
  'timezone',
  'date_bin',
  'generate_series',
  'isfinite',
  // arrays and JSON
  'array_length',
  'cardinality',
  'unnest',
  'array_to_string',
  'string_to_array',
  'array_position',
  'json_build_object',
  'jsonb_build_object',
  'json_build_array',
  'jsonb_build_array',
  'jsonb_extract_path_text',
  'json_extract_path_text',
  'jsonb_array_elements',
  'jsonb_array_elements_text',
  'jsonb_array_length',
  'jsonb_typeof',
  'to_json',
  'to_jsonb',
  'jsonb_object_keys',
  'jsonb_each_text',
]);

/** Regular expressions can take exponential time on a crafted text, and the embedded database has no statement timeout. */
const REFUSED_OPERATORS = new Set(['~', '~*', '!~', '!~*']);

/** Statements a report's text may never hold anywhere, a writable WITH included. */
const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

defineMessages({
  'reportSql.syntax': ['报表 SQL 有语法错误：{detail}', 'The report SQL has a syntax error: {detail}'],
  'reportSql.notOneSelect': ['报表 SQL 只能是一条 SELECT 查询', 'A report SQL must be one SELECT statement'],
  'reportSql.write': [
    '报表 SQL 不能修改数据（INSERT、UPDATE、DELETE、MERGE）',
    'A report SQL cannot change data (INSERT, UPDATE, DELETE, MERGE)',
  ],
  'reportSql.selectInto': ['报表 SQL 不能用 SELECT INTO 建表', 'A report SQL cannot create a table with SELECT INTO'],
  'reportSql.locking': ['报表 SQL 不能锁定记录（FOR UPDATE / FOR SHARE）', 'A report SQL cannot lock rows (FOR UPDATE / FOR SHARE)'],
  'reportSql.recursive': ['报表 SQL 不能使用递归查询（WITH RECURSIVE）', 'A report SQL cannot use WITH RECURSIVE'],
  'reportSql.function': ['报表 SQL 不能调用函数 {name}', 'A report SQL cannot call the function {name}'],
  'reportSql.operator': [
    '报表 SQL 不能使用正则匹配 {name}，请改用 LIKE',
    'A report SQL cannot use the regular expression match {name}; use LIKE',
  ],
  'reportSql.table': [
    '报表 SQL 不能读取 {name}：不是报表可读的业务表',
    'A report SQL cannot read {name}: it is not a table reports may read',
  ],
  'reportSql.positional': [
    '报表参数请写成 :名称（如 :shop_id），不能写 $1',
    'Write report parameters as :name (for example :shop_id), not $1',
  ],
  'reportSql.xml': ['报表 SQL 不能使用 XML 函数', 'A report SQL cannot use XML functions'],
  'reportSql.duplicateColumn': [
    '报表 SQL 的结果有两列都叫 {name}，请用 AS 改名',
    'Two columns of the report SQL are named {name}; rename one with AS',
  ],
});

/** What is refused, with the words the designer reads. */
export type ReportSqlProblem =
  | { reason: 'syntax'; detail: string }
  | { reason: 'notOneSelect' }
  | { reason: 'write' }
  | { reason: 'selectInto' }
  | { reason: 'locking' }
  | { reason: 'recursive' }
  | { reason: 'function'; name: string }
  | { reason: 'operator'; name: string }
  | { reason: 'table'; name: string }
  | { reason: 'positional' }
  | { reason: 'xml' }
  | { reason: 'duplicateColumn'; name: string };

export const refuse = (problem: ReportSqlProblem): AppError =>
  new AppError(
    400,
    `reportSql.${problem.reason}`,
    'name' in problem ? { name: problem.name } : 'detail' in problem ? { detail: problem.detail } : {},
  );

/** The SQL with its `:name` parameters numbered, in the order of their first use. */
export interface CheckedSql {
  /** The text with `:name` written as `$1`, `$2`… */
  text: string;
  /** The parameters' names: `$1` is the first. */
  params: string[];
  /** The text between the parameters, and each parameter's place in `params`. */
  pieces: (string | number)[];
}

/**
 * Checks one report's SQL: one SELECT (a WITH of SELECTs, a UNION, VALUES…), no write anywhere in it, no
 * SELECT INTO, no row locks, no recursion, only allowed functions, only the application's tables (`tables`,
 * and the WITH's own names), no `$1` of its own; `:name` marks a parameter. Throws a 400 naming the problem.
 */
export function checkReportSql(text: string, tables: ReadonlySet<string>): CheckedSql {
  const numbered = numberParams(text);
  let tree: { stmts?: { stmt: Record<string, unknown> }[] };
  try {
    tree = parseSync(numbered.text) as typeof tree;
  } catch (error) {
    throw refuse({ reason: 'syntax', detail: (error as Error).message });
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1 || !('SelectStmt' in statements[0].stmt)) throw refuse({ reason: 'notOneSelect' });
  const withNames = new Set<string>();
  walk(statements[0].stmt, (key, node) => {
    if (key === 'CommonTableExpr') withNames.add(String((node as { ctename: string }).ctename).toLowerCase());
  });
  walk(statements[0].stmt, (key, node) => {
    if (WRITES.has(key)) throw refuse({ reason: 'write' });
    if (key === 'SelectStmt') {
      const select = node as { intoClause?: unknown; lockingClause?: unknown };
      if (select.intoClause) throw refuse({ reason: 'selectInto' });
      if (select.lockingClause) throw refuse({ reason: 'locking' });
    }
    if ((key === 'withClause' || key === 'WithClause') && (node as { recursive?: boolean }).recursive)
      throw refuse({ reason: 'recursive' });
    if (key === 'XmlExpr' || key === 'XmlSerialize') throw refuse({ reason: 'xml' });
    if (key === 'FuncCall') checkFunction(node as { funcname: { String: { sval: string } }[] });
    if (key === 'A_Expr') {
      const expr = node as { kind?: string; name?: { String?: { sval: string } }[] };
      const name = expr.name?.at(-1)?.String?.sval ?? '';
      if (REFUSED_OPERATORS.has(name) || expr.kind === 'AEXPR_SIMILAR') throw refuse({ reason: 'operator', name: name || 'SIMILAR TO' });
    }
    if (key === 'RangeVar') {
      const range = node as { schemaname?: string; relname: string; catalogname?: string };
      const name = range.relname.toLowerCase();
      const qualified = [range.catalogname, range.schemaname, range.relname].filter(Boolean).join('.');
      if (range.catalogname || (range.schemaname && range.schemaname !== 'public')) throw refuse({ reason: 'table', name: qualified });
      if (!range.schemaname && withNames.has(name)) return;
      if (!tables.has(name)) throw refuse({ reason: 'table', name: qualified });
    }
  });
  return numbered;
}

function checkFunction(call: { funcname: { String: { sval: string } }[] }) {
  const parts = call.funcname.map((part) => part.String.sval.toLowerCase());
  const name = parts.at(-1) ?? '';
  const schemaOk = parts.length === 1 || (parts.length === 2 && parts[0] === 'pg_catalog');
  if (!schemaOk || !ALLOWED_FUNCTIONS.has(name)) throw refuse({ reason: 'function', name: parts.join('.') });
}

/** Calls `visit` with every node of the tree under its type's name (and every other keyed value). */
function walk(node: unknown, visit: (key: string, value: unknown) => void) {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    visit(key, value);
    walk(value, visit);
  }
}

/**
 * `:name` parameters become `$1`, `$2`… (the same name, the same number), read from the scanner's tokens so
 * that a `::` cast, a string or a comment is never taken for one. A `$1` written in the text is refused:
 * the report's values are bound by name only.
 */
function numberParams(text: string): CheckedSql {
  let tokens: { start: number; end: number; text: string; tokenName: string }[];
  try {
    tokens = scanSync(text).tokens;
  } catch (error) {
    throw refuse({ reason: 'syntax', detail: (error as Error).message });
  }
  const params: string[] = [];
  const cuts: { start: number; end: number; number: number }[] = [];
  tokens.forEach((token, i) => {
    if (token.tokenName === 'PARAM') throw refuse({ reason: 'positional' });
    const next = tokens[i + 1];
    if (token.text !== ':' || !next || next.start !== token.end || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(next.text)) return;
    const name = next.text.toLowerCase();
    if (!params.includes(name)) params.push(name);
    cuts.push({ start: token.start, end: next.end, number: params.indexOf(name) + 1 });
  });
  // the scanner counts UTF-8 bytes, not characters
  const bytes = Buffer.from(text, 'utf8');
  const pieces: (string | number)[] = [];
  let at = 0;
  for (const cut of cuts) {
    pieces.push(bytes.subarray(at, cut.start).toString('utf8'), cut.number - 1);
    at = cut.end;
  }
  pieces.push(bytes.subarray(at).toString('utf8'));
  return { text: pieces.map((piece) => (typeof piece === 'number' ? `$${piece + 1}` : piece)).join(''), params, pieces };
}

/** A name as SQL quotes it. */
export const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;
