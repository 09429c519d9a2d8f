import { SERVICE_DOC } from '@headoffice/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { billLogs } from '../src/db/schema.js';
import { billLog, documentType } from '../src/platform/documents.js';
import { EVENTS_PATH, emit } from '../src/platform/events.js';
import { inTenant } from '../src/platform/tenancy.js';
import { build } from './helpers.js';
import { key, ok, shopIds, tillFixture } from './till-support.js';
import { createLimitedUser } from './users.js';

const P = '/api-cashier';

interface Message {
  type: string;
  topic?: string;
  payload?: any;
}

/** A browser's side of the live connection (as in events.test.ts): signs in and keeps what it hears. */
function listen(ws: WebSocket, token: string) {
  const messages: Message[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
    messages.push(message);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  const waitFor = async (accept: (m: Message) => boolean, timeoutMs = 3_000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(accept);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`not heard in ${timeoutMs} ms; heard ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const billEvents = (id: number) =>
    messages.filter((m) => m.type === 'event' && m.topic === 'bill.changed' && m.payload?.docType === SERVICE_DOC && m.payload.id === id);
  return { ws, messages, waitFor, billEvents };
}

const billEvent = (id: number, action: string) => (m: Message) =>
  m.type === 'event' &&
  m.topic === 'bill.changed' &&
  m.payload?.docType === SERVICE_DOC &&
  m.payload.id === id &&
  m.payload.action === action;

describe("the till's bills are point-of-sale documents: bill log and change events", async () => {
  const t = await build();
  const a = await t.tenant({ demo: true });
  const [s1, s2] = await shopIds(t, a);
  const fx = await tillFixture(t, a, s1, { servicePrice: 10_000, productPrice: 3_000, stock: 50 });
  const [stylist, assistant] = fx.staff;
  const tillS1 = await createLimitedUser(t, a, { perms: ['till.checkout.view', 'till.checkout.edit'], loginShops: [s1] });
  const tillS2 = await createLimitedUser(t, a, { perms: ['till.checkout.view', 'till.checkout.edit'], loginShops: [s2] });
  const cash = async () => {
    const setup = ok(await tillS1.client.get(`${P}/checkout/setup`, { shopid: s1 }));
    return setup.payTypes.find((p: { code: string }) => p.code === '01').payTypeId as number;
  };
  const connect = async (token: string) => {
    const client = listen(await t.app.injectWS(EVENTS_PATH), token);
    await client.waitFor((m) => m.type === 'ready');
    return client;
  };
  /** An event every signed-in user hears: whatever was sent before it has arrived. */
  const everyone = (marker: string) =>
    inTenant(t.database.db, a.tenantId, (tx) => emit(tx, a, { topic: 'test.marker', payload: { marker } }));
  const logOf = (id: number) =>
    inTenant(t.database.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(billLogs)
        .where(and(eq(billLogs.docType, SERVICE_DOC), eq(billLogs.billId, id)))
        .orderBy(asc(billLogs.id)),
    );

  /** The till of shop 1 opens a bill with a service (two stations) and a product, and settles it in cash. */
  async function settledBill() {
    const opened = ok(await tillS1.client.post(`${P}/checkout/open`, { shopId: s1 }));
    const bill = ok(
      await tillS1.client.post(`${P}/checkout/lines`, {
        id: opened.id,
        version: opened.version,
        lines: [
          {
            kind: 'service',
            itemId: fx.service.id,
            num: 1,
            staff: [
              { employeeId: stylist.id, station: 1, appointed: true },
              { employeeId: assistant.id, station: 2, appointed: false },
            ],
          },
          { kind: 'product', itemId: fx.product.id, num: 1, staff: [{ employeeId: stylist.id, station: 1, appointed: false }] },
        ],
      }),
    );
    return ok(
      await tillS1.client.post(
        `${P}/checkout/settle`,
        { id: bill.id, version: bill.version, payments: [{ payTypeId: await cash(), amount: bill.amount }] },
        key(),
      ),
    );
  }

  it("a settle writes the bill log (open, settle) and tells the shop's till; another shop's till hears nothing", async () => {
    const screen = await connect(tillS1.client.token);
    const otherShop = await connect(tillS2.client.token);
    const bill = await settledBill();
    expect(bill.status).toBe(4);
    const settled = await screen.waitFor(billEvent(bill.id, 'settle'));
    expect(settled.payload).toMatchObject({ billNo: bill.billNo, state: 'settled', shopId: s1, version: bill.version });
    expect(screen.billEvents(bill.id).map((m) => m.payload.action)).toEqual(['open', 'edit', 'settle']);
    const log = await logOf(bill.id);
    expect(log.map((r) => [r.action, r.fromState, r.toState])).toEqual([
      ['open', null, 'open'],
      ['settle', 'open', 'settled'],
    ]);
    expect(log.every((r) => r.userId === tillS1.userId)).toBe(true);
    // The detail carries the log, read by the engine's reader as every bill's is.
    const detail = ok(await a.admin.get(`${P}/servicerecords/detail/${bill.id}`));
    expect(detail.log.map((r: { action: string }) => r.action)).toEqual(['open', 'settle']);
    const doc = documentType(SERVICE_DOC);
    expect(doc?.label).toEqual(['服务单', 'Service bill']);
    const read = await inTenant(t.database.db, a.tenantId, (tx) => billLog(tx, doc as NonNullable<typeof doc>, bill.id));
    expect(read.map((r) => r.id)).toEqual(log.map((r) => r.id));
    await everyone('after settle');
    await otherShop.waitFor((m) => m.payload?.marker === 'after settle');
    expect(otherShop.messages.some((m) => m.topic === 'bill.changed' && m.payload?.docType === SERVICE_DOC)).toBe(false);
    screen.ws.close();
    otherShop.ws.close();
  });

  it("head office's revoke reaches an open till screen of the shop within 2 s, and is logged with its reason", async () => {
    const bill = await settledBill();
    const screen = await connect(tillS1.client.token);
    const revoked = ok(await a.admin.post(`${P}/servicerecords/chain/revoke`, { id: bill.id, hcMemo: '顾客投诉' }));
    const heardBy = Date.now() + 2_000;
    const event = await screen.waitFor(billEvent(bill.id, 'revoke'), 2_000);
    expect(Date.now()).toBeLessThanOrEqual(heardBy);
    expect(event.payload).toMatchObject({ state: 'revoked', shopId: s1, version: revoked.version });
    expect(event.payload.by).not.toBe(tillS1.userId);
    const log = await logOf(bill.id);
    expect(log.at(-1)).toMatchObject({ action: 'revoke', fromState: 'settled', toState: 'revoked', memo: '顾客投诉' });
    expect(revoked.log.map((r: { action: string }) => r.action)).toEqual(['open', 'settle', 'revoke']);
    screen.ws.close();
  });

  it('改单, void, expire-cancel and delete are logged and heard', async () => {
    const screen = await connect(tillS1.client.token);
    const bill = await settledBill();
    const service = bill.lines[0];
    ok(
      await a.admin.post(`${P}/servicerecords/revise`, {
        id: bill.id,
        eeyjList: [{ lineId: service.id, employeeId: assistant.id, station: 1, appointed: false, yj: service.amount }],
      }),
    );
    await screen.waitFor(billEvent(bill.id, 'revise'));
    expect((await logOf(bill.id)).at(-1)).toMatchObject({ action: 'revise', fromState: 'settled', toState: 'settled' });

    const open = ok(await tillS1.client.post(`${P}/checkout/open`, { shopId: s1 }));
    ok(await tillS1.client.post(`${P}/checkout/void`, { id: open.id, reason: '开错' }));
    await screen.waitFor(billEvent(open.id, 'void'));
    ok(await a.admin.post(`${P}/servicerecords/saveOrUpdate`, { id: open.id, isDel: '1' }));
    await screen.waitFor(billEvent(open.id, 'delete'));
    expect((await logOf(open.id)).map((r) => [r.action, r.fromState, r.toState, r.memo])).toEqual([
      ['open', null, 'open', null],
      ['void', 'open', 'voided', '开错'],
      ['delete', 'voided', 'voided', null],
    ]);
    screen.ws.close();
  });
});
