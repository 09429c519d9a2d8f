import type { ServiceBillDetail } from '@headoffice/contract';

// The till's bills as its tests fake them: one head and one line, each test saying only what its bill has of its own.

type Line = ServiceBillDetail['lines'][number];

/** Someone on a line, at a station, with the whole share. */
export const lineStaff = (employeeId: number, employeeName: string, station: number, appointed: boolean) => ({
  employeeId,
  employeeCode: `E${employeeId}`,
  employeeName,
  station,
  appointed,
  share: 10_000,
});

/** A line: by default the cut 精剪造型, ¥118.00 listed, 8.8折 with the card, 王设计 appointed, nothing paid yet. */
export const billLine = (line: Partial<Line> = {}): Line => ({
  id: 1,
  lineNo: 1,
  kind: 'service',
  itemId: 7,
  code: 'S01',
  name: '精剪造型',
  num: 1,
  listPrice: 11_800,
  plainPrice: 11_800,
  price: 10_384,
  priceSource: 'card-discount',
  discount: 8_800,
  additional: 0,
  listAmount: 11_800,
  amount: 10_384,
  roundOff: 0,
  paid: 0,
  staff: [lineStaff(1, '王设计', 1, true)],
  packageLineId: null,
  packageBillId: null,
  serType: 2,
  staffPurchase: false,
  ...line,
});

/** The member 张小美's bill of 2026-03-04 with her card K0000008, made at 09:00 Shanghai time. */
export const herBill = {
  billNo: 'FW20260304-0001',
  handTag: 12,
  businessDate: '2026-03-04',
  memberId: 8,
  memberName: '张小美',
  mobile: '13800138001',
  cardId: 4,
  cardNo: 'K0000008',
  createdAt: '2026-03-04T01:00:00.000Z',
} as const;

/** A bill: by default a walk-in's bill of ¥100.00 at 北京国贸店 on 2026-01-01, settled, without lines or payments. */
export const serviceBillOf = (bill: Partial<ServiceBillDetail> = {}): ServiceBillDetail => ({
  id: 5,
  billNo: 'XF20260101-0005',
  shopId: 3,
  shopName: '北京国贸店',
  handTag: 5,
  businessDate: '2026-01-01',
  memberId: null,
  memberName: null,
  mobile: null,
  cardId: null,
  cardNo: null,
  status: 4,
  isHc: 0,
  listTotal: 10_000,
  discountTotal: 0,
  amount: 10_000,
  roundOff: 0,
  cashierName: null,
  createdAt: '2026-01-01T02:00:00.000Z',
  settledAt: '2026-01-01T02:30:00.000Z',
  hcAt: null,
  hcMemo: null,
  hcReason: null,
  hcByName: null,
  cancelReason: null,
  version: 4,
  lines: [],
  payments: [],
  perf: [],
  cards: [],
  gifts: [],
  log: [],
  ...bill,
});
