import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements the app sends again and again run as named prepared statements, so that PostgreSQL parses
 * them once per connection and, after five runs, may keep one generic plan instead of planning every
 * call (the employee list plans in ~4 ms and runs in 0.5 ms). The same idea as pgJDBC's
 * `prepareThreshold`: a text is named from its PREPARE_AFTER-th use in this process, by a hash of
 * the text; node-postgres then sends Parse once per connection and only Bind/Execute afterwards.
 *
 * A plan is kept per connection and re-checked by PostgreSQL when the role or a table it reads changes.
 * The tenant is not in the plan: the policy's `tenant_id = (SELECT app_current_tenant())` is an index
 * condition evaluated at each execution, so one generic plan serves every tenant. Row counts are written into the
 * text (`inlineRowCounts`), so that the generic plan knows how many rows a page wants.
 */
export const PREPARE_AFTER = 3;

/**
 * At most this many texts are named per process (each connection keeps at most as many plans);
 * later new texts run unnamed, as before. Texts counted but not yet named are forgotten in bulk past
 * COUNTED_AT_MOST, so that one-off texts (a long IN list, an import) never pile up.
 */
export const NAMED_AT_MOST = 500;
const COUNTED_AT_MOST = 1000;

export class StatementNames {
  private readonly named = new Map<string, string>();
  private readonly uses = new Map<string, number>();

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined || this.named.size >= NAMED_AT_MOST) return name;
    // Several commands in one text go by the simple protocol, which cannot prepare them.
    if (text.includes(';')) return undefined;
    const uses = (this.uses.get(text) ?? 0) + 1;
    if (uses < PREPARE_AFTER) {
      if (this.uses.size >= COUNTED_AT_MOST) this.uses.clear();
      this.uses.set(text, uses);
      return undefined;
    }
    this.uses.delete(text);
    const hashed = `ho_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.named.set(text, hashed);
    return hashed;
  }

  get size() {
    return this.named.size;
  }
}

const ROW_COUNT = /\b(limit|offset) \$(\d+)\b/gi;
const PARAMETER = /\$(\d+)\b/g;

/**
 * `limit $n` / `offset $n` with an integer value become `limit 20` / `offset 9980`, the other
 * parameters renumbered. With the row count a parameter, a generic plan cannot know that a page
 * wants 20 rows: it assumes a tenth of the table, and for the employee list chose a hash join over
 * every employee (16 ms) where the page walks an index (0.3 ms); PostgreSQL then keeps planning each
 * call instead. A page size is one of a few values and an offset a page number's, so the texts stay few.
 */
export function inlineRowCounts(text: string, values: readonly unknown[] | undefined): { text: string; values: unknown[] | undefined } {
  if (!values?.length || !/\b(limit|offset) \$/i.test(text)) return { text, values: values as unknown[] | undefined };
  const inlined = new Map<number, string>();
  for (const match of text.matchAll(ROW_COUNT)) {
    const at = Number(match[2]);
    const value = values[at - 1];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) inlined.set(at, String(value));
  }
  if (!inlined.size) return { text, values: values as unknown[] };
  const kept: unknown[] = [];
  const renumbered = new Map<number, number>();
  values.forEach((value, i) => {
    if (inlined.has(i + 1)) return;
    kept.push(value);
    renumbered.set(i + 1, kept.length);
  });
  const rewritten = text.replace(PARAMETER, (whole, n: string) => {
    const at = Number(n);
    return inlined.get(at) ?? (renumbered.has(at) ? `$${renumbered.get(at)}` : whole);
  });
  return { text: rewritten, values: kept };
}

type QueryConfig = pg.QueryConfig & { rowMode?: string };

/**
 * A connection as drizzle sees it, whose statements are named by `names`. Only `query` is used by
 * drizzle's node-postgres session (queries, `execute`, savepoints).
 */
export class NamingClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {}

  query(config: string | QueryConfig, values?: unknown[]) {
    const query: QueryConfig = typeof config === 'string' ? { text: config } : config;
    if (query.name) return this.client.query(query, values);
    const sent = inlineRowCounts(query.text, values ?? query.values);
    return this.client.query({ ...query, text: sent.text, values: sent.values, name: this.names.nameOf(sent.text) });
  }
}
