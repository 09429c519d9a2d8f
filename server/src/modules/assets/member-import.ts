import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type Auth, inVisibleShops } from '../../platform/auth.js';
import { defineMessages, type Lang, translate } from '../../platform/i18n.js';
import { bulkInsert, chunks, type ImportColumn, type ImportDef, type ImportProblem, type ImportRow } from '../../platform/importer.js';
import { tenantToday } from '../../platform/numbering.js';
import { services } from '../catalog/public.js';
import { cardTypes, members, nextMemberCodes } from '../members/public.js';
import { channels, memberGrades, shops } from '../org/public.js';
import { type Actor, lockCard, postCardBill } from './card-money.js';
import { type LockedLine, lockLines, postPackageBill } from './packages.js';
import { memberCards, memberPackageLines, memberPackages } from './schema.js';

defineMessages({
  memberImportBadMoney: ['请填写金额（元），最多两位小数', 'Write an amount in yuan with at most two decimals'],
  memberImportNameDiffers: [
    '手机号 {mobile} 在第 {first} 行的姓名是“{name}”，同一会员的各行姓名须一致',
    'Mobile {mobile} is named "{name}" on row {first}; the rows of one member must give the same name',
  ],
  memberImportCardOtherMember: [
    '卡号 {cardNo} 在第 {first} 行属于手机号 {mobile}',
    'Card {cardNo} belongs to mobile {mobile} on row {first}',
  ],
  memberImportCardTypeDiffers: ['卡号 {cardNo} 在第 {first} 行是另一种卡类型', 'Card {cardNo} has another card type on row {first}'],
  memberImportBucketRepeated: [
    '卡号 {cardNo} 在门店“{shop}”的余额已在第 {first} 行填写',
    'The balance of card {cardNo} at shop "{shop}" is already given on row {first}',
  ],
  memberImportCardTypeNotStoredValue: ['“{name}”不是储值卡类型', '"{name}" is not a stored-value card type'],
  memberImportRemainingAboveTotal: ['剩余次数不能大于总次数 {total}', 'The count left cannot exceed the total count {total}'],
  memberImportNothingLeft: ['卡内没有余额：本金和赠送至少填一项', 'The card holds nothing: fill in principal or gift'],
});

/** Yuan as written in a sheet (128, 128.5, 128.50) → cents; empty is 0. */
const money = (lang: Lang) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, { error: translate(lang, 'memberImportBadMoney') }))
    .transform((s) => {
      const [whole, frac = ''] = s.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    });

/** The member's columns, as in the members-only sheet; the mobile may repeat (one member, several cards or lines). */
const memberColumns: ImportColumn[] = [
  { key: 'code', title: ['会员编号', 'Member number'], hint: ['不填则自动编号', 'Empty: numbered automatically'], width: 14 },
  { key: 'name', title: ['姓名', 'Name'], required: true, example: '王小美', width: 12 },
  {
    key: 'mobile',
    title: ['手机号', 'Mobile'],
    type: 'mobile',
    required: true,
    example: '13800138000',
    hint: ['同一会员多张卡或多条套餐明细时重复填写', 'Repeat it for each card or package line of one member'],
    width: 14,
  },
  {
    key: 'gender',
    title: ['性别', 'Gender'],
    type: 'enum',
    options: [
      { value: 1, labels: ['男', 'Male'] },
      { value: 2, labels: ['女', 'Female'] },
      { value: 0, labels: ['未知', 'Not given'] },
    ],
    width: 8,
  },
  { key: 'birthday', title: ['生日', 'Birthday'], type: 'date', width: 12 },
  { key: 'channelId', title: ['顾客来源', 'Customer source'], lookup: { table: channels }, width: 14 },
  { key: 'gradeId', title: ['会员等级', 'Grade'], lookup: { table: memberGrades }, width: 12 },
];

const memberFields = () => ({
  code: z.string().trim().max(32).optional(),
  name: z.string().trim().min(1).max(10),
  mobile: z.string().regex(/^1\d{10}$/),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  birthday: z.string().optional(),
  channelId: z.number().optional(),
  gradeId: z.number().optional(),
});

const cardColumns: ImportColumn[] = [
  { key: 'cardNo', title: ['卡号', 'Card number'], required: true, example: 'HY0001', width: 14 },
  { key: 'cardTypeId', title: ['卡类型', 'Card type'], required: true, lookup: { table: cardTypes }, width: 14 },
  {
    key: 'bucketShopId',
    title: ['余额所属门店', 'Balance held by shop'],
    lookup: { table: shops, scope: (auth: Auth) => inVisibleShops(auth, shops.id) },
    hint: ['不填则为导入门店', 'Empty: the shop imported into'],
    width: 16,
  },
  { key: 'principal', title: ['本金余额(元)', 'Principal (yuan)'], example: '1000.00', width: 12 },
  { key: 'gift', title: ['赠送余额(元)', 'Gift (yuan)'], example: '200.00', width: 12 },
];

const packageColumns: ImportColumn[] = [
  { key: 'packageName', title: ['套餐名称', 'Package name'], required: true, example: '面部护理疗程', width: 16 },
  { key: 'serviceId', title: ['项目', 'Service'], required: true, lookup: { table: services }, width: 14 },
  { key: 'total', title: ['总次数', 'Total count'], type: 'int', required: true, example: 10, width: 10 },
  { key: 'remaining', title: ['剩余次数', 'Count left'], type: 'int', required: true, example: 6, width: 10 },
  { key: 'unitPrice', title: ['单次价格(元)', 'Price per use (yuan)'], required: true, example: '98.00', width: 12 },
  { key: 'expiresOn', title: ['到期日期', 'Expires on'], type: 'date', hint: ['不填则不过期', 'Empty: never expires'], width: 12 },
  {
    key: 'isGift',
    title: ['赠送', 'Gift'],
    type: 'enum',
    options: [
      { value: 0, labels: ['否', 'No'] },
      { value: 1, labels: ['是', 'Yes'] },
    ],
    width: 8,
  },
];

const cardRow = (lang: Lang) =>
  z.object({
    ...memberFields(),
    cardNo: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{1,32}$/),
    cardTypeId: z.number(),
    bucketShopId: z.number().optional(),
    principal: money(lang).optional(),
    gift: money(lang).optional(),
  });
export type CardImportRow = z.output<ReturnType<typeof cardRow>>;

const packageRow = (lang: Lang) =>
  z.object({
    ...memberFields(),
    packageName: z.string().trim().min(1).max(40),
    serviceId: z.number(),
    total: z.number().int().min(1).max(100_000),
    remaining: z.number().int().min(0).max(100_000),
    unitPrice: money(lang),
    expiresOn: z.string().optional(),
    isGift: z.union([z.literal(0), z.literal(1)]).optional(),
  });
export type PackageImportRow = z.output<ReturnType<typeof packageRow>>;

const memberShape = () => z.object(memberFields());
type MemberPart = z.output<ReturnType<typeof memberShape>>;

/** Rows of one member agree on the name; numbers and mobiles are new to the tenant. */
async function checkMembers(tx: Db, rows: ImportRow<MemberPart>[], lang: Lang): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const first = new Map<string, ImportRow<MemberPart>>();
  const codes = new Map<string, number>();
  for (const r of rows) {
    const seen = first.get(r.value.mobile);
    if (!seen) first.set(r.value.mobile, r);
    else if (seen.value.name !== r.value.name)
      problems.push({
        row: r.row,
        key: 'name',
        message: translate(lang, 'memberImportNameDiffers', { mobile: r.value.mobile, first: seen.row, name: seen.value.name }),
      });
    const code = r.value.code?.toUpperCase();
    if (code && (!seen || seen.value.code?.toUpperCase() !== code)) {
      const at = codes.get(code);
      if (at !== undefined)
        problems.push({ row: r.row, key: 'code', message: translate(lang, 'importDuplicateInFile', { value: code, first: at }) });
      else codes.set(code, r.row);
    }
  }
  for (const part of chunks([...first.keys()], 10_000)) {
    for (const { mobile } of await tx.select({ mobile: members.mobile }).from(members).where(inArray(members.mobile, part)))
      problems.push({
        row: (first.get(mobile) as ImportRow<MemberPart>).row,
        key: 'mobile',
        message: translate(lang, 'importDuplicateInDb', { value: mobile }),
      });
  }
  for (const part of chunks([...codes.keys()], 10_000)) {
    for (const { code } of await tx.select({ code: members.code }).from(members).where(inArray(members.code, part)))
      problems.push({ row: codes.get(code) as number, key: 'code', message: translate(lang, 'importDuplicateInDb', { value: code }) });
  }
  return problems;
}

/** Creates the sheet's members (one per mobile, from its first row) in the import shop; answers mobile → id. */
async function insertMembers(tx: Db, auth: Auth, shopId: number, rows: MemberPart[]): Promise<Map<string, number>> {
  const byMobile = new Map<string, MemberPart>();
  for (const r of rows) if (!byMobile.has(r.mobile)) byMobile.set(r.mobile, r);
  const unique = [...byMobile.values()];
  const codes = await nextMemberCodes(tx, auth.tenantId, unique.filter((r) => !r.code).length);
  let next = 0;
  const today = await tenantToday(tx, auth.tenantId);
  const inserted = await bulkInsert(
    tx,
    members,
    unique.map((r) => ({
      tenantId: auth.tenantId,
      code: r.code ? r.code.toUpperCase() : codes[next++],
      name: r.name,
      nickname: null,
      mobile: r.mobile,
      gender: r.gender ?? 0,
      birthday: r.birthday ?? null,
      registeredOn: today,
      shopId,
      channelId: r.channelId ?? null,
      gradeId: r.gradeId ?? null,
      memo: null,
    })),
    { id: members.id, mobile: members.mobile },
  );
  return new Map((inserted as { id: number; mobile: string }[]).map((m) => [m.mobile, m.id]));
}

const actorOf = (auth: Auth): Actor => ({ tenantId: auth.tenantId, userId: auth.userId });

const IMPORT_MEMO = '导入期初余额';

/**
 * Type 2: members with their stored-value cards. One row per card and shop bucket: the rows of one
 * card (same number, same member, same type) give its balances at several shops. Each card is
 * opened by one card bill (kind open, no gift rule: the balances are the old system's) whose ledger
 * rows carry each bucket's principal and gift, the balance after each row being the amount.
 */
export const cardImport = (shopId: number, lang: Lang): ImportDef<CardImportRow> => ({
  name: ['会员及会员卡余额', 'Members with cards and balances'],
  columns: [...memberColumns, ...cardColumns],
  schema: cardRow(lang) as unknown as z.ZodType<CardImportRow>,
  maxRows: 20_000,
  async check(tx, rows, _auth, checkLang) {
    const problems = await checkMembers(tx, rows, checkLang);
    const cards = new Map<string, ImportRow<CardImportRow>>();
    const buckets = new Map<string, number>();
    const typeIds = [...new Set(rows.map((r) => r.value.cardTypeId))];
    const types = new Map(
      (
        await tx
          .select({ id: cardTypes.id, name: cardTypes.name, kind: cardTypes.kind })
          .from(cardTypes)
          .where(inArray(cardTypes.id, typeIds))
      ).map((t) => [t.id, t]),
    );
    const shopNames = new Map((await tx.select({ id: shops.id, name: shops.name }).from(shops)).map((s) => [s.id, s.name]));
    for (const r of rows) {
      const v = r.value;
      const type = types.get(v.cardTypeId);
      if (type && type.kind !== 1)
        problems.push({
          row: r.row,
          key: 'cardTypeId',
          message: translate(checkLang, 'memberImportCardTypeNotStoredValue', { name: type.name }),
        });
      if (!v.principal && !v.gift)
        problems.push({ row: r.row, key: 'principal', message: translate(checkLang, 'memberImportNothingLeft') });
      const seen = cards.get(v.cardNo);
      if (!seen) cards.set(v.cardNo, r);
      else if (seen.value.mobile !== v.mobile)
        problems.push({
          row: r.row,
          key: 'cardNo',
          message: translate(checkLang, 'memberImportCardOtherMember', { cardNo: v.cardNo, first: seen.row, mobile: seen.value.mobile }),
        });
      else if (seen.value.cardTypeId !== v.cardTypeId)
        problems.push({
          row: r.row,
          key: 'cardTypeId',
          message: translate(checkLang, 'memberImportCardTypeDiffers', { cardNo: v.cardNo, first: seen.row }),
        });
      const bucketShop = v.bucketShopId ?? shopId;
      const bucketKey = `${v.cardNo}@${bucketShop}`;
      const at = buckets.get(bucketKey);
      if (at !== undefined)
        problems.push({
          row: r.row,
          key: 'bucketShopId',
          message: translate(checkLang, 'memberImportBucketRepeated', {
            cardNo: v.cardNo,
            shop: shopNames.get(bucketShop) ?? '',
            first: at,
          }),
        });
      else buckets.set(bucketKey, r.row);
    }
    // Card numbers new to the tenant (electronic or physical).
    for (const part of chunks([...cards.keys()], 5_000)) {
      const taken = await tx.select({ cardNo: memberCards.cardNo }).from(memberCards).where(inArray(memberCards.cardNo, part));
      const physical = await tx.select({ cardNo: memberCards.physicalNo }).from(memberCards).where(inArray(memberCards.physicalNo, part));
      for (const { cardNo } of [...taken, ...physical])
        if (cardNo)
          problems.push({
            row: (cards.get(cardNo) as ImportRow<CardImportRow>).row,
            key: 'cardNo',
            message: translate(checkLang, 'importDuplicateInDb', { value: cardNo }),
          });
    }
    return problems;
  },
  async insert(tx, rows, auth) {
    const memberIds = await insertMembers(tx, auth, shopId, rows);
    const typeIds = [...new Set(rows.map((r) => r.cardTypeId))];
    const types = new Map(
      (
        await tx
          .select({
            id: cardTypes.id,
            expireMonths: cardTypes.expireMonths,
            serviceDiscount: cardTypes.serviceDiscount,
            productDiscount: cardTypes.productDiscount,
          })
          .from(cardTypes)
          .where(inArray(cardTypes.id, typeIds))
      ).map((t) => [t.id, t]),
    );
    const byCard = new Map<string, CardImportRow[]>();
    for (const r of rows) byCard.set(r.cardNo, [...(byCard.get(r.cardNo) ?? []), r]);
    const today = await tenantToday(tx, auth.tenantId);
    const actor = actorOf(auth);
    for (const [cardNo, cardRows] of byCard) {
      const head = cardRows[0];
      const type = types.get(head.cardTypeId);
      const expires = type?.expireMonths ? new Date(`${today}T00:00:00Z`) : null;
      if (expires && type?.expireMonths) expires.setUTCMonth(expires.getUTCMonth() + type.expireMonths);
      const [card] = await tx
        .insert(memberCards)
        .values({
          tenantId: auth.tenantId,
          cardNo,
          memberId: memberIds.get(head.mobile) as number,
          cardTypeId: head.cardTypeId,
          shopId,
          openedOn: today,
          expiresOn: expires ? expires.toISOString().slice(0, 10) : null,
          serviceDiscount: type?.serviceDiscount ?? 0,
          productDiscount: type?.productDiscount ?? 0,
          electronicNo: cardNo,
          createdBy: auth.userId,
        })
        .returning({ id: memberCards.id });
      const locked = await lockCard(tx, auth.tenantId, { id: card.id });
      // Opening balances move no member's phone: no balance SMS for an import.
      await postCardBill(tx, actor, {
        kind: 'open',
        card: { ...locked, notifyBalance: false },
        shopId,
        amount: 0,
        memo: IMPORT_MEMO,
        owner: null,
        movements: cardRows.flatMap((r) => [
          { shopId: r.bucketShopId ?? shopId, bucket: 'principal' as const, delta: r.principal ?? 0 },
          { shopId: r.bucketShopId ?? shopId, bucket: 'gift' as const, delta: r.gift ?? 0 },
        ]),
      });
    }
    return rows.length;
  },
});

/**
 * Type 3: members with their packages. One row per package line; the rows of one member with the same
 * package name are one package (one batch). The count left is posted on the package ledger (kind
 * sell, memo of the import); the total is kept on the line as the old system had it.
 */
export const packageImport = (shopId: number, lang: Lang): ImportDef<PackageImportRow> => ({
  name: ['会员及套餐', 'Members with packages'],
  columns: [...memberColumns, ...packageColumns],
  schema: packageRow(lang) as unknown as z.ZodType<PackageImportRow>,
  maxRows: 20_000,
  async check(tx, rows, _auth, checkLang) {
    const problems = await checkMembers(tx, rows, checkLang);
    for (const r of rows)
      if (r.value.remaining > r.value.total)
        problems.push({
          row: r.row,
          key: 'remaining',
          message: translate(checkLang, 'memberImportRemainingAboveTotal', { total: r.value.total }),
        });
    return problems;
  },
  async insert(tx, rows, auth) {
    const memberIds = await insertMembers(tx, auth, shopId, rows);
    const serviceIds = [...new Set(rows.map((r) => r.serviceId))];
    const items = new Map(
      (
        await tx
          .select({ id: services.id, code: services.code, name: services.name })
          .from(services)
          .where(inArray(services.id, serviceIds))
      ).map((s) => [s.id, s]),
    );
    const groups = new Map<string, PackageImportRow[]>();
    for (const r of rows) {
      const key = `${r.mobile}\u0000${r.packageName}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const today = await tenantToday(tx, auth.tenantId);
    const actor = actorOf(auth);
    for (const lines of groups.values()) {
      const memberId = memberIds.get(lines[0].mobile) as number;
      const [pkg] = await tx
        .insert(memberPackages)
        .values({
          tenantId: auth.tenantId,
          memberId,
          name: lines[0].packageName,
          shopId,
          soldOn: today,
          memo: IMPORT_MEMO,
          createdBy: auth.userId,
        })
        .returning({ id: memberPackages.id });
      const inserted = await tx
        .insert(memberPackageLines)
        .values(
          lines.map((l, i) => ({
            tenantId: auth.tenantId,
            memberPackageId: pkg.id,
            memberId,
            itemType: 1,
            serviceId: l.serviceId,
            productId: null,
            itemCode: items.get(l.serviceId)?.code ?? '',
            itemName: items.get(l.serviceId)?.name ?? '',
            total: l.total,
            unitPrice: l.unitPrice,
            expiresOn: l.expiresOn ?? null,
            isGift: l.isGift ?? 0,
            sort: (i + 1) * 10,
          })),
        )
        .returning({ id: memberPackageLines.id });
      const locked = await lockLines(
        tx,
        inserted.map((r) => r.id),
        today,
      );
      const bill = await postPackageBill(tx, actor, {
        kind: 'sell',
        memberId,
        shopId,
        memo: IMPORT_MEMO,
        owner: null,
        movements: inserted.map((r, i) => ({ line: locked.get(r.id) as LockedLine, delta: lines[i].remaining })).filter((m) => m.delta > 0),
      });
      await tx
        .update(memberPackages)
        .set({ billId: bill.billId })
        .where(and(eq(memberPackages.id, pkg.id)));
    }
    return rows.length;
  },
});
