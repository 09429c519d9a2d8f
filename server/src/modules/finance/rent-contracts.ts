import {
  banknoAnswer,
  banknoCheck,
  billPage,
  billTransitionBody,
  CONTRACT_APPROVALS,
  contractApprovalLabels,
  RENT_CONTRACT_API,
  RENT_CONTRACT_CODE_PREFIX,
  type RentKind,
  rentContractCodePath,
  rentContractDetail,
  rentContractQuery,
  rentContractRow,
  rentContractSave,
  rentDueQuery,
  rentDueRow,
  rentSchedule,
} from '@headoffice/contract';
import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { definedEntityLabels } from '../../platform/audit.js';
import { type Auth, assertShopVisible, inVisibleShops } from '../../platform/auth.js';
import { AppError, conflict, fieldError, notFound } from '../../platform/errors.js';
import { defineLabels, defineMessages } from '../../platform/i18n.js';
import { nextSeriesCode, tenantToday } from '../../platform/numbering.js';
import { containsPattern, offsetOf, orderBy, pageOf } from '../../platform/paging.js';
import { route } from '../../platform/route.js';
import { loadShops, shops } from '../org/public.js';
import { landlords, rentContracts, rentPayments, rentPeriods } from './schema.js';

// Rent contracts of shops (storerentcont) and dormitories (dormrentcont): saving one generates its
// schedule (rent_periods, contract/src/finance-rents.ts `rentSchedule`); while a period is paid or
// held by a payment bill the terms that make the schedule cannot change.

defineMessages({
  rentScheduleFixed: [
    '合同已有付款单（{billNo}），不能再修改租期、周期、总额、免租或递增',
    'The contract already has a payment ({billNo}): its dates, cycle, total, rent-free period and increase cannot change',
  ],
  banknoUsedByLandlord: ['银行账号 {bankno} 已属于房东「{name}」', 'The account {bankno} already belongs to the landlord "{name}"'],
  banknoUsedByContract: ['银行账号 {bankno} 已用于合同 {code}', 'The account {bankno} is already used by contract {code}'],
  landlordRequired: ['请选择房东', 'Choose the landlord'],
  dormContractApproved: ['宿舍合同 {code} 已审核，不能再修改', 'Dormitory contract {code} is approved and can no longer change'],
  dormContractState: ['宿舍合同 {code} {state}，不能{action}', 'Dormitory contract {code} is {state}: it cannot be {action}'],
  dormContractByMaker: [
    '制单人不能审核自己的宿舍合同，请由其他人审核',
    'The maker of a dormitory contract cannot approve it; someone else must',
  ],
});

defineLabels({
  rent_contracts: ['租赁合同', 'rent contracts'],
  rent_periods: ['租期', 'rent periods'],
  storerentcont: ['门店房租合同', 'store rent contracts'],
  dormrentcont: ['宿舍合同', 'dormitory contracts'],
  landlord: ['房东', 'landlord'],
  ...Object.fromEntries(
    CONTRACT_APPROVALS.map((a) => [
      `dormContract:${a}`,
      [contractApprovalLabels[a][0], contractApprovalLabels[a][1].toLowerCase()] as const,
    ]),
  ),
  'dormContract!audit': ['审核', 'approved'],
  'dormContract!reject': ['驳回', 'rejected'],
});

export const contractPerm = (kind: RentKind) => `finance.rentcont.${kind}`;

/** The first unpaid period of each contract (seq, due date, amount). */
const nextPeriod = sql`(select p.seq, p.due_date, p.amount from rent_periods p
  where p.tenant_id = ${rentContracts.tenantId} and p.contract_id = ${rentContracts.id} and p.payment_id is null
  order by p.seq limit 1)`;

function contractRows(tx: Db) {
  return tx
    .select({
      id: rentContracts.id,
      kind: rentContracts.kind,
      code: rentContracts.code,
      shopId: rentContracts.shopId,
      shopName: shops.name,
      landlordId: rentContracts.landlordId,
      landlordName: sql<string | null>`coalesce(${landlords.name}, ${rentContracts.landlordName})`,
      payee: rentContracts.payee,
      bank: rentContracts.bank,
      bankno: rentContracts.bankno,
      tel: rentContracts.tel,
      address: rentContracts.address,
      startDate: rentContracts.startDate,
      endDate: rentContracts.endDate,
      cycle: rentContracts.cycle,
      totalMoney: rentContracts.totalMoney,
      deposit: rentContracts.deposit,
      firstPeriodFree: rentContracts.firstPeriodFree,
      increaseRate: rentContracts.increaseRate,
      rentType: rentContracts.rentType,
      status: rentContracts.status,
      paidTo: rentContracts.paidTo,
      approval: rentContracts.approval,
      rejectMemo: rentContracts.rejectMemo,
      createdByName: rentContracts.createdByName,
      auditedByName: rentContracts.auditedByName,
      auditedAt: rentContracts.auditedAt,
      paidMoney: sql<number>`(select coalesce(sum(p.amount), 0) from rent_periods p
        where p.tenant_id = ${rentContracts.tenantId} and p.contract_id = ${rentContracts.id} and p.payment_id is not null)`.mapWith(
        Number,
      ),
      nextDueDate: sql<string | null>`(select n.due_date::text from ${nextPeriod} n)`,
      nextAmount: sql<number | null>`(select n.amount from ${nextPeriod} n)`.mapWith((v) => (v === null ? null : Number(v))),
      memo: rentContracts.memo,
      version: rentContracts.version,
      updatedAt: rentContracts.updatedAt,
    })
    .from(rentContracts)
    .innerJoin(shops, eq(shops.id, rentContracts.shopId))
    .leftJoin(landlords, eq(landlords.id, rentContracts.landlordId))
    .$dynamic();
}

type ContractRow = Awaited<ReturnType<ReturnType<typeof contractRows>['execute']>>[number];
const DAY_MS = 86_400_000;

/**
 * 逾期: the days a contract's first unpaid period is past due on the company's today. Only a contract in
 * force that can be paid (a store contract, an approved dormitory contract) is ever overdue.
 */
function withOverdue<R extends ContractRow>(row: R, today: string): R & { overdueDays: number } {
  const payable = row.status === 1 && (row.approval === null || row.approval === 'approved');
  const days = payable && row.nextDueDate ? Math.round((Date.parse(today) - Date.parse(row.nextDueDate)) / DAY_MS) : 0;
  return { ...row, overdueDays: Math.max(0, days) };
}

const sortable = {
  code: rentContracts.code,
  startDate: rentContracts.startDate,
  endDate: rentContracts.endDate,
  totalMoney: rentContracts.totalMoney,
  paidTo: rentContracts.paidTo,
};

function contractWhere(kind: RentKind, auth: Auth, q: z.output<typeof rentContractQuery>): SQL | undefined {
  assertShopVisible(auth, q.shopid);
  return and(
    eq(rentContracts.kind, kind),
    inVisibleShops(auth, rentContracts.shopId),
    q.shopid ? eq(rentContracts.shopId, q.shopid) : undefined,
    q.landlordId ? eq(rentContracts.landlordId, q.landlordId) : undefined,
    q.status ? eq(rentContracts.status, q.status) : undefined,
    q.approval ? eq(rentContracts.approval, q.approval) : undefined,
    q.keyword
      ? or(
          ilike(rentContracts.code, containsPattern(q.keyword)),
          ilike(shops.name, containsPattern(q.keyword)),
          ilike(sql`coalesce(${landlords.name}, ${rentContracts.landlordName}, '')`, containsPattern(q.keyword)),
        )
      : undefined,
  );
}

async function contractPage(tx: Db, kind: RentKind, auth: Auth, q: z.output<typeof rentContractQuery>) {
  const where = contractWhere(kind, auth, q);
  const today = await tenantToday(tx, auth.tenantId);
  const page = await pageOf(
    tx,
    q,
    contractRows(tx)
      .where(where)
      .orderBy(...orderBy(q.sort, sortable, [asc(rentContracts.code)], rentContracts.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    () =>
      tx
        .select({ id: rentContracts.id })
        .from(rentContracts)
        .innerJoin(shops, eq(shops.id, rentContracts.shopId))
        .leftJoin(landlords, eq(landlords.id, rentContracts.landlordId))
        .where(where),
  );
  return { ...page, list: page.list.map((r) => withOverdue(r, today)) };
}

/** One contract the user may see, with its schedule and the payment behind each period. */
export async function contractDetail(tx: Db, kind: RentKind, auth: Auth, id: number) {
  const [row] = await contractRows(tx).where(
    and(eq(rentContracts.id, id), eq(rentContracts.kind, kind), inVisibleShops(auth, rentContracts.shopId)),
  );
  if (!row) throw notFound();
  const periods = await tx
    .select({
      id: rentPeriods.id,
      seq: rentPeriods.seq,
      startDate: rentPeriods.startDate,
      endDate: rentPeriods.endDate,
      dueDate: rentPeriods.dueDate,
      amount: rentPeriods.amount,
      paymentId: rentPeriods.paymentId,
      paymentBillNo: rentPayments.billNo,
      pendingBillNo: sql<string | null>`(select b.bill_no from rent_payments b where b.tenant_id = ${rentPeriods.tenantId}
        and b.contract_id = ${rentPeriods.contractId} and b.state in ('draft', 'submitted', 'rejected')
        and ${rentPeriods.seq} between b.period_from and b.period_to order by b.id limit 1)`,
    })
    .from(rentPeriods)
    .leftJoin(rentPayments, eq(rentPayments.id, rentPeriods.paymentId))
    .where(eq(rentPeriods.contractId, id))
    .orderBy(asc(rentPeriods.seq));
  return {
    ...withOverdue(row, await tenantToday(tx, auth.tenantId)),
    periods: periods.map((p) => (p.paymentId ? { ...p, pendingBillNo: null } : p)),
  };
}

/** Whether an account is free: not a landlord's other than this contract's, not another landlord's contract. */
async function banknoUser(tx: Db, kind: RentKind, bankno: string, contractId?: number, landlordId?: number | null) {
  const [landlord] = await tx
    .select({ id: landlords.id, name: landlords.name })
    .from(landlords)
    .where(and(eq(landlords.bankno, bankno), landlordId ? ne(landlords.id, landlordId) : undefined))
    .limit(1);
  if (landlord)
    return {
      key: 'banknoUsedByLandlord' as const,
      params: { bankno, name: landlord.name } as Record<string, string>,
      usedBy: landlord.name,
    };
  const [contract] = await tx
    .select({ code: rentContracts.code })
    .from(rentContracts)
    .where(
      and(
        eq(rentContracts.kind, kind),
        eq(rentContracts.bankno, bankno),
        contractId ? ne(rentContracts.id, contractId) : undefined,
        landlordId ? or(isNull(rentContracts.landlordId), ne(rentContracts.landlordId, landlordId)) : undefined,
      ),
    )
    .limit(1);
  if (contract)
    return {
      key: 'banknoUsedByContract' as const,
      params: { bankno, code: contract.code } as Record<string, string>,
      usedBy: contract.code,
    };
  return undefined;
}

const scheduleTerms = ['startDate', 'endDate', 'cycle', 'totalMoney', 'firstPeriodFree', 'increaseRate'] as const;

async function writeSchedule(tx: Db, tenantId: number, contractId: number, body: z.output<typeof rentContractSave>) {
  await tx.delete(rentPeriods).where(eq(rentPeriods.contractId, contractId));
  const periods = rentSchedule(body);
  for (let i = 0; i < periods.length; i += 200)
    await tx.insert(rentPeriods).values(periods.slice(i, i + 200).map((p) => ({ tenantId, contractId, ...p })));
}

export async function saveContract(tx: Db, kind: RentKind, auth: Auth, body: z.output<typeof rentContractSave>) {
  // Another shop's contract (or another kind's) is not found, whatever else the body says.
  const [current] = body.id
    ? await tx
        .select()
        .from(rentContracts)
        .where(and(eq(rentContracts.id, body.id), eq(rentContracts.kind, kind), inVisibleShops(auth, rentContracts.shopId)))
        .for('update')
    : [];
  if (body.id && !current) throw notFound();
  await loadShops(tx, auth, [body.shopId]);
  let { payee, bank, bankno } = body;
  if (kind === 'store') {
    if (!body.landlordId) throw fieldError('landlordId', 'landlordRequired');
    const [landlord] = await tx.select().from(landlords).where(eq(landlords.id, body.landlordId));
    if (!landlord) throw fieldError('landlordId', 'missingReference', { field: '@landlord' });
    // A store contract pays its landlord's account unless it names another.
    payee = payee ?? landlord.payee;
    bank = bank ?? landlord.bank;
    bankno = bankno ?? landlord.bankno;
  }
  if (bankno) {
    const used = await banknoUser(tx, kind, bankno, body.id, body.landlordId);
    if (used) throw conflict(used.key, used.params);
  }
  const values = {
    code: body.code,
    shopId: body.shopId,
    landlordId: kind === 'store' ? (body.landlordId ?? null) : null,
    landlordName: body.landlordName ?? null,
    payee: payee ?? null,
    bank: bank ?? null,
    bankno: bankno ?? null,
    tel: body.tel ?? null,
    address: body.address ?? null,
    startDate: body.startDate,
    endDate: body.endDate,
    cycle: body.cycle,
    totalMoney: body.totalMoney,
    deposit: body.deposit,
    firstPeriodFree: body.firstPeriodFree,
    increaseRate: body.increaseRate,
    rentType: body.rentType,
    status: body.status,
    memo: body.memo ?? null,
  };
  if (!body.id || !current) {
    const [created] = await tx
      .insert(rentContracts)
      .values({
        tenantId: auth.tenantId,
        kind,
        ...values,
        ...(kind === 'dorm' ? { approval: 'submitted' as const, createdBy: auth.userId, createdByName: auth.name } : {}),
      })
      .returning({ id: rentContracts.id });
    await writeSchedule(tx, auth.tenantId, created.id, body);
    return created.id;
  }
  if (body.version !== undefined && body.version !== current.version) throw conflict('staleVersion');
  // An approved dormitory contract is what finance agreed to: it no longer changes. A rejected one,
  // corrected, is submitted again.
  if (current.approval === 'approved') throw conflict('dormContractApproved', { code: current.code });
  const resubmit = current.approval === 'rejected' ? { approval: 'submitted' as const, rejectMemo: null } : {};
  const termsChanged = scheduleTerms.some((k) => current[k] !== body[k]);
  if (termsChanged || current.shopId !== body.shopId) {
    const [payment] = await tx
      .select({ billNo: rentPayments.billNo })
      .from(rentPayments)
      .where(eq(rentPayments.contractId, body.id))
      .limit(1);
    if (payment) throw conflict('rentScheduleFixed', { billNo: payment.billNo });
  }
  await tx
    .update(rentContracts)
    .set({ ...values, ...resubmit, version: current.version + 1, updatedAt: new Date() })
    .where(eq(rentContracts.id, body.id));
  if (termsChanged) await writeSchedule(tx, auth.tenantId, body.id, body);
  return body.id;
}

/** A store contract, or a dormitory contract finance approved: only these fall due and can be paid. */
const payable = or(isNull(rentContracts.approval), eq(rentContracts.approval, 'approved'));

/** Approve (submitted → approved, not by its maker) or reject with a reason (submitted → rejected) a dormitory contract. */
async function decideDormContract(
  tx: Db,
  auth: Auth,
  action: 'audit' | 'reject',
  body: { id: number; version?: number; memo?: string | null },
) {
  // Another tenant's or another shop's contract (or a store contract) is not found.
  const [current] = await tx
    .select()
    .from(rentContracts)
    .where(and(eq(rentContracts.id, body.id), eq(rentContracts.kind, 'dorm'), inVisibleShops(auth, rentContracts.shopId)))
    .for('update');
  if (!current) throw notFound();
  if (current.approval !== 'submitted')
    throw conflict('dormContractState', {
      code: current.code,
      state: `@dormContract:${current.approval}`,
      action: `@dormContract!${action}`,
    });
  if (body.version !== undefined && body.version !== current.version) throw conflict('staleVersion');
  if (action === 'audit' && current.createdBy === auth.userId) throw new AppError(403, 'dormContractByMaker');
  if (action === 'reject' && !body.memo?.trim())
    throw new AppError(400, 'validation', {}, [{ path: 'memo', key: 'memoRequired', params: { action: '@dormContract!reject' } }]);
  await tx
    .update(rentContracts)
    .set({
      approval: action === 'audit' ? 'approved' : 'rejected',
      rejectMemo: action === 'reject' ? (body.memo ?? null) : null,
      auditedBy: auth.userId,
      auditedByName: auth.name,
      auditedAt: new Date(),
      version: current.version + 1,
      updatedAt: new Date(),
    })
    .where(eq(rentContracts.id, current.id));
  return current.id;
}

/** Contracts in force whose first unpaid period falls due within `days` days or is overdue, soonest first. */
async function dueList(tx: Db, kind: RentKind, auth: Auth, q: z.output<typeof rentDueQuery>) {
  assertShopVisible(auth, q.shopid);
  const today = await tenantToday(tx, auth.tenantId);
  const due = sql`(select n.due_date from ${nextPeriod} n)`;
  const where = and(
    eq(rentContracts.kind, kind),
    eq(rentContracts.status, 1),
    payable,
    inVisibleShops(auth, rentContracts.shopId),
    q.shopid ? eq(rentContracts.shopId, q.shopid) : undefined,
    sql`${due} <= ${today}::date + ${q.days}::int`,
  );
  const page = await pageOf(
    tx,
    q,
    contractRows(tx).where(where).orderBy(sql`${due}`, asc(rentContracts.id)).limit(q.pageSize).offset(offsetOf(q)),
    () => tx.select({ id: rentContracts.id }).from(rentContracts).where(where),
  );
  return { ...page, list: page.list.map((r) => withOverdue(r, today)) };
}

const idParam = z.object({ id: z.coerce.number().int().positive() });

export function registerRentContracts(app: FastifyInstance, kind: RentKind) {
  const base = RENT_CONTRACT_API[kind];
  const perm = contractPerm(kind);
  const entity = kind === 'store' ? 'storerentcont' : 'dormrentcont';
  const label = kind === 'store' ? 'store rent contracts' : 'dormitory contracts';
  // The seed lists store contracts at `list`, dormitory contracts at `billListForChain`; both are served.
  for (const path of ['list', 'billListForChain'])
    route(
      app,
      'GET',
      `${base}/${path}`,
      {
        summary: `${label}, paged (keyword: code, shop, landlord; shopid, landlordId, status); each with its days overdue (逾期)`,
        perm: `${perm}.view`,
        query: rentContractQuery,
        response: billPage(rentContractRow),
      },
      ({ tx, auth, query }) => contractPage(tx, kind, auth, query),
    );
  route(
    app,
    'GET',
    `${base}/list/all`,
    { summary: `${label} in force that the user sees (pickers, at most 2000)`, perm: `${perm}.view`, response: z.array(rentContractRow) },
    async ({ tx, auth }) => {
      const today = await tenantToday(tx, auth.tenantId);
      const rows = await contractRows(tx)
        .where(and(eq(rentContracts.kind, kind), eq(rentContracts.status, 1), payable, inVisibleShops(auth, rentContracts.shopId)))
        .orderBy(asc(rentContracts.code))
        .limit(2000);
      return rows.map((r) => withOverdue(r, today));
    },
  );
  route(
    app,
    'GET',
    rentContractCodePath(kind),
    {
      summary: `The number proposed for a new ${label.slice(0, -1)}: ${RENT_CONTRACT_CODE_PREFIX[kind]}, the year, the series' next number`,
      description: 'Not in the seed. A suggestion the form shows: the code stays editable and unique (409 when taken at the save).',
      perm: `${perm}.edit`,
      response: z.string(),
    },
    async ({ tx, auth }) => {
      const year = (await tenantToday(tx, auth.tenantId)).slice(0, 4);
      return nextSeriesCode(tx, rentContracts, rentContracts.code, `${RENT_CONTRACT_CODE_PREFIX[kind]}${year}`, 3);
    },
  );
  // Store contracts save at `saveAction`, dormitory contracts by POST to the base path.
  for (const path of kind === 'store' ? [`${base}/saveAction`] : [base, `${base}/save`])
    route(
      app,
      'POST',
      path,
      {
        summary: `Save a ${label.slice(0, -1)}: no id creates; its rent schedule is generated from the dates, cycle, total, rent-free first period and yearly increase`,
        perm: `${perm}.edit`,
        body: rentContractSave,
        entity,
        response: rentContractDetail,
      },
      async ({ tx, auth, body }) => contractDetail(tx, kind, auth, await saveContract(tx, kind, auth, body)),
    );
  for (const path of kind === 'store' ? ['detail/:id'] : ['detail/:id', 'getDormRentCont/:id'])
    route(
      app,
      'GET',
      `${base}/${path}`,
      { summary: `One ${label.slice(0, -1)} with its rent schedule`, perm: `${perm}.view`, params: idParam, response: rentContractDetail },
      ({ tx, auth, params }) => contractDetail(tx, kind, auth, params.id),
    );
  if (kind === 'dorm') {
    route(
      app,
      'POST',
      `${base}/auditBillForChain`,
      {
        summary:
          'Approve a submitted dormitory contract (已提交 → 已审核); not by its maker. Only an approved contract falls due and can be paid; it no longer changes',
        perm: `${perm}.audit`,
        body: billTransitionBody,
        entity,
        verb: 'audit',
        response: rentContractDetail,
      },
      async ({ tx, auth, body }) => contractDetail(tx, kind, auth, await decideDormContract(tx, auth, 'audit', body)),
    );
    route(
      app,
      'POST',
      `${base}/rejectBill`,
      {
        summary: 'Reject a submitted dormitory contract with a reason (已提交 → 已驳回); corrected and saved, it is submitted again',
        perm: `${perm}.audit`,
        body: billTransitionBody,
        entity,
        verb: 'reject',
        response: rentContractDetail,
      },
      async ({ tx, auth, body }) => contractDetail(tx, kind, auth, await decideDormContract(tx, auth, 'reject', body)),
    );
  }
  route(
    app,
    'POST',
    `${base}/checkBankno`,
    {
      summary: 'Whether a bank account is well formed (else 400) and free: not another landlord’s, not another landlord’s contract',
      perm: `${perm}.view`,
      body: banknoCheck,
      read: true,
      response: banknoAnswer,
    },
    async ({ tx, auth, body }) => {
      const [own] = body.id
        ? await tx
            .select({ landlordId: rentContracts.landlordId })
            .from(rentContracts)
            .where(and(eq(rentContracts.id, body.id), eq(rentContracts.kind, kind), inVisibleShops(auth, rentContracts.shopId)))
        : [];
      if (body.id && !own) throw notFound();
      const used = await banknoUser(tx, kind, body.bankno, body.id, own?.landlordId);
      return { free: !used, usedBy: used?.usedBy ?? null };
    },
  );
  route(
    app,
    'GET',
    `${base}/dueList`,
    {
      summary: `${label} due within \`days\` days or overdue (their first unpaid period), soonest first`,
      perm: `${perm}.view`,
      query: rentDueQuery,
      response: billPage(rentDueRow),
    },
    ({ tx, auth, query }) => dueList(tx, kind, auth, query),
  );
}

definedEntityLabels.set('storerentcont', ['门店房租合同', 'store rent contract']);
definedEntityLabels.set('dormrentcont', ['宿舍合同', 'dormitory contract']);
definedEntityLabels.set('dormrate', ['宿舍扣款比率', 'dormitory deduction rate']);
