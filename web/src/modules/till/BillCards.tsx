import { billCardRow, CARD_RECORD_PATHS as K, type ServiceBillDetail } from '@headoffice/contract';
import { Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { ReasonDialog } from '../../platform/list/ReasonDialog';
import { formatMoney } from '../../platform/money';

type CardRow = ServiceBillDetail['cards'][number];

/**
 * The cards a card bill opened or recharged, with head office's 撤销活动 (take back the activity gift)
 * and the link of a new card to a physical card number.
 */
export function BillCards({ bill }: { bill: ServiceBillDetail }) {
  const { t } = useTranslation();
  const may = usePermission();
  const [physical, setPhysical] = useState<Record<number, string>>({});
  const live = bill.status === 4 && !bill.isHc;
  // 撤销活动 also takes back the coupons and red envelopes the bill gave (not yet withdrawn).
  const giftsHeld = bill.gifts.some((g) => g.state !== 'withdrawn');
  // The bill's page (`['bill', …]`), as whichever records list opened it.
  const invalidates = [['bill']];
  /** The card whose activity gift is being taken back (the reason asked first). */
  const [revokingMkt, setRevokingMkt] = useState<CardRow | null>(null);
  const link = useAction({
    run: (row: CardRow) =>
      http.send(z.object({ cardno: z.string(), cardcmcode: z.string() }), K.linkPhysical, {
        billcode: bill.billNo,
        cardno: row.cardNo,
        cardcmcode: physical[row.cardId] ?? '',
      }),
    success: 'till.cardBill.linked',
    invalidates,
  });
  if (!bill.cards.length) return null;
  return (
    <>
      <Table
        size="small"
        rowKey="cardId"
        pagination={false}
        style={{ marginTop: 12 }}
        title={() => t('till.cardBill.cards')}
        dataSource={bill.cards}
        scroll={{ x: 900 }}
        columns={[
          { title: t('till.cardBill.cardNo'), dataIndex: 'cardNo', width: 160 },
          { title: t('till.cardBill.member'), dataIndex: 'memberName', width: 100 },
          {
            title: '',
            dataIndex: 'isOpen',
            width: 70,
            render: (v) => (v ? t('till.cardBill.open') : t('till.cardBill.recharge')),
          },
          { title: t('till.cardBill.principal'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
          { title: t('till.cardBill.gift'), dataIndex: 'gift', width: 90, render: (v) => formatMoney(v) },
          {
            title: t('till.cardBill.activityGift'),
            dataIndex: 'activityGift',
            width: 180,
            render: (v, r) => (
              <Space>
                {r.giftBackAt ? <Tag>{t('till.cardBill.giftBack')}</Tag> : formatMoney(v)}
                {live && ((v > 0 && !r.giftBackAt) || giftsHeld) && may('cashier.cardrecord.revokeMkt') && (
                  <Button type="link" size="small" onClick={() => setRevokingMkt(r)}>
                    {t('till.cardBill.revokeMkt')}
                  </Button>
                )}
              </Space>
            ),
          },
          {
            title: t('till.cardBill.physicalNo'),
            dataIndex: 'physicalNo',
            render: (v, r) =>
              v ??
              (live && r.isOpen && may('cashier.cardrecord.link') ? (
                <Space.Compact>
                  <Input
                    size="small"
                    style={{ width: 140 }}
                    value={physical[r.cardId]}
                    onChange={(e) => setPhysical({ ...physical, [r.cardId]: e.target.value })}
                  />
                  <Button size="small" loading={link.busyFor((x) => x.cardId === r.cardId)} onClick={() => link.run(r)}>
                    {t('till.cardBill.link')}
                  </Button>
                </Space.Compact>
              ) : (
                '-'
              )),
          },
        ]}
      />
      <ReasonDialog
        row={revokingMkt}
        title={`${t('till.cardBill.revokeMkt')} ${revokingMkt?.cardNo ?? ''}`}
        label={t('till.cardBill.revokeMktMemo')}
        name="hcMemo"
        maxLength={30}
        rows={0}
        okText={t('till.cardBill.revokeMkt')}
        danger
        onClose={() => setRevokingMkt(null)}
        send={(row, v) =>
          http.send(
            z.object({ cards: z.array(billCardRow) }).passthrough(),
            K.revokeMkt,
            { id: bill.id, cardno: row.cardNo, hcMemo: v.hcMemo },
            { once: true },
          )
        }
        success="till.cardBill.revokeMktDone"
        invalidates={invalidates}
      />
    </>
  );
}
