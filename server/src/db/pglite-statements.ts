import { type PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { inlineRowCounts } from './statements.js';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Described = { name: string; paramTypes: number[]; rowDescription: BackendMessage | undefined };

/** Texts kept prepared at once; past it the least recently used is closed (a long IN list or an import is one-off). */
export const PREPARED_AT_MOST = 500;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}

/**
 * PGlite's own `query` speaks to the database in six calls (parse, describe, bind, describe, execute,
 * sync), each a pass through its WebAssembly main loop, and parses and plans the text again every
 * time: about 0.7 ms for a lookup by id, where the lookup itself costs a tenth of it. Here each text
 * is prepared once under a name, with its parameter types and row shape kept, and every later run is
 * one call carrying bind, execute and sync. Prepared statements outlive transactions and their
 * rollbacks, and PostgreSQL re-plans one when a table it reads or the role changes, as on a server.
 */
export class PgliteStatements {
  private readonly prepared = new Map<string, Described>();
  private named = 0;
  /** Statements evicted, closed at the start of the next call (before anything there can fail). */
  private closing: string[] = [];

  constructor(
    readonly client: PGlite,
    private readonly preparedAtMost = PREPARED_AT_MOST,
  ) {}

  /** How many texts are prepared now. */
  get size() {
    return this.prepared.size;
  }

  /** drizzle's pglite session calls `query` on the client, and on what `transaction` hands it. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.client._runExclusiveTransaction(() => this.run<T>(text, params ?? [], options, false));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction((tx) =>
      callback({
        ...tx,
        get closed() {
          return tx.closed;
        },
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return this.run<R>(text, params ?? [], options, true);
        },
      }),
    );
  }

  /** Row counts are written into the text, as on PostgreSQL (`inlineRowCounts`): the generic plan then knows a page's size. */
  private run<T>(given: string, givenParams: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const { text, values: sentParams } = inlineRowCounts(given, givenParams);
    const params = sentParams ?? [];
    return this.client._runExclusiveQuery(async () => {
      const statement = this.prepared.get(text) ?? (await this.prepare(text, options));
      // recently used last, so that eviction takes the least recently used
      this.prepared.delete(text);
      this.prepared.set(text, statement);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = statement.paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[oid] ?? this.client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      let messages: BackendMessage[];
      try {
        messages = await this.client.execProtocolStream(
          concat([...this.closeEvicted(), serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false, onNotice: options?.onNotice },
        );
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
      if (!inTransaction) await this.client.syncToFs();
      const rows = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return parse.parseResults(rows, this.client.parsers, options)[0] as Results<T>;
    });
  }

  private async prepare(text: string, options: QueryOptions | undefined): Promise<Described> {
    const name = `ho_${++this.named}`;
    let messages: BackendMessage[];
    try {
      messages = await this.client.execProtocolStream(
        concat([
          ...this.closeEvicted(),
          serialize.parse({ name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      throw withQuery(error, text, undefined, options);
    }
    const described: Described = {
      name,
      paramTypes: messages.flatMap((m) =>
        m.name === 'parameterDescription' ? (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs : [],
      ),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    if (this.prepared.size >= this.preparedAtMost) {
      const [oldest, { name: evicted }] = this.prepared.entries().next().value as [string, Described];
      this.prepared.delete(oldest);
      this.closing.push(evicted);
    }
    this.prepared.set(text, described);
    return described;
  }

  private closeEvicted(): Uint8Array[] {
    const closes = this.closing.map((name) => serialize.close({ type: 'S', name }));
    this.closing = [];
    return closes;
  }
}

/** The error PGlite's own `query` throws: the database's, with the statement and its values attached. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, queryOptions: QueryOptions | undefined) {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params, queryOptions });
  return error;
}
