import { PlusOutlined } from '@ant-design/icons';
import {
  EXPENSE_API,
  fundAdjustment,
  type fundAdjustmentRow,
  type fundPositionRow,
  fundPositions,
  type fundRecordRow,
  fundRecords,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { usePermission } from '../../../platform/auth';
import { companyToday } from '../../../platform/clock';
import { http } from '../../../platform/http';
import { formatMoney, yuanToCents } from '../../../platform/money';
import { notify } from '../../../platform/notify';
import { ShopSelect, useShops } from '../../../platform/shops';

type Row = z.infer<typeof fundRecordRow>;
type Position = z.infer<typeof fundPositionRow>;
type Saved = z.infer<typeof fundAdjustmentRow>;
const kindColor = { request: 'blue', expense: 'orange', redeposit: 'purple', adjustment: 'gold' } as const;
const money = (v: number) => formatMoney(v);
const POSITIONS = ['fund-positions'];
const LEDGER = ['fund-records'];

interface AdjustValues {
  date: Dayjs;
  amount: number | null;
  reason: string;
}

/** The adjustment form: a signed amount in yuan (never 0), the day it counts on, and the reason. */
function AdjustDialog({ shop, onClose }: { shop: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<AdjustValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: AdjustValues) => {
    if (!shop) return;
    setBusy(true);
    try {
      const body = { shopId: shop.id, date: values.date.format('YYYY-MM-DD'), amount: yuanToCents(values.amount), reason: values.reason };
      const saved = await http.post<Saved>(EXPENSE_API.fundAdjustmentSave, body, { once: true });
      notify.message.success(t('finance.funds.adjustedDone', { no: saved.entryNo, shop: shop.name, balance: money(saved.balance) }));
      await Promise.all([qc.invalidateQueries({ queryKey: POSITIONS }), qc.invalidateQueries({ queryKey: LEDGER })]);
      form.resetFields();
      onClose();
    } catch {
      /* the client shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={shop !== null}
      title={`${t('finance.funds.adjustTitle')} · ${shop?.name ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
      className="ho-fund-adjust"
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('finance.funds.adjustHelp')} />
      <Form<AdjustValues> form={form} layout="vertical" initialValues={{ date: companyToday() }} onFinish={submit}>
        <Form.Item name="date" label={t('finance.funds.entryDate')} rules={[{ required: true, message: t('finance.funds.pickDay') }]}>
          <DatePicker style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('finance.funds.adjustAmount')}
          rules={[
            { required: true, message: t('finance.funds.amountRequired') },
            {
              validator: async (_, v: number | null) => {
                if (typeof v === 'number' && yuanToCents(v) === 0) throw new Error(t('finance.funds.amountNotZero'));
              },
            },
          ]}
        >
          <InputNumber style={{ width: '100%' }} precision={2} min={-10_000_000} max={10_000_000} prefix="¥" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('finance.funds.adjustReason')}
          rules={[{ required: true, whitespace: true, message: t('finance.funds.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder={t('finance.funds.reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Revoking an adjustment: asks the reason, then records the opposite entry. */
function revokeDialog(t: (k: string, o?: Record<string, unknown>) => string, row: Row, done: () => Promise<unknown>) {
  let reason = '';
  notify.modal.confirm({
    title: t('finance.funds.revokeTitle', { no: row.billNo, amount: money(row.amount) }),
    content: (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('finance.funds.revokeHelp')}</Typography.Text>
        <Input.TextArea
          rows={2}
          maxLength={200}
          placeholder={t('finance.funds.revokeReason')}
          onChange={(e) => (reason = e.target.value)}
        />
      </Space>
    ),
    okText: t('finance.funds.revoke'),
    okButtonProps: { danger: true },
    onOk: async () => {
      if (!reason.trim()) {
        notify.message.error(t('finance.funds.reasonRequired'));
        throw new Error('reason');
      }
      await http.post(EXPENSE_API.fundAdjustmentRevoke, { id: row.id, reason }, { once: true });
      notify.message.success(t('finance.funds.revokedDone', { no: row.billNo }));
      await done();
    },
  });
}

/**
 * /admin/finance/fund-records — every shop's petty cash (float, in, out, adjustments, balance) with the
 * totals; below, the chosen shop's ledger with its running balance, and manual adjustments for those
 * with the right.
 */
export default function FundRecordsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const qc = useQueryClient();
  const { shops } = useShops();
  const [picked, setPicked] = useState<number | null>(null);
  const [adjusting, setAdjusting] = useState<{ id: number; name: string } | null>(null);
  const overview = useQuery({
    queryKey: POSITIONS,
    queryFn: ({ signal }) => http.read(fundPositions, EXPENSE_API.fundPositions, {}, { signal }),
  });
  const shopId = picked ?? overview.data?.rows[0]?.shopId ?? shops[0]?.id ?? null;
  const shopName = overview.data?.rows.find((r) => r.shopId === shopId)?.shopName ?? shops.find((s) => s.id === shopId)?.name ?? '';
  const q = useQuery({
    queryKey: [...LEDGER, shopId],
    enabled: shopId !== null,
    queryFn: ({ signal }) => http.read(fundRecords, EXPENSE_API.fundRecords, { shopId: shopId ?? undefined }, { signal }),
  });
  const mayAdjust = can(fundAdjustment.perm);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: POSITIONS }), qc.invalidateQueries({ queryKey: LEDGER })]);
  const amounts = ['float', 'paid', 'spent', 'redeposited', 'adjusted'] as const;
  const total = overview.data?.total;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card
        size="small"
        title={t('finance.funds.overview')}
        extra={<Typography.Text type="secondary">{t('finance.funds.overviewHelp')}</Typography.Text>}
      >
        <Table<Position>
          className="ho-fund-positions"
          rowKey="shopId"
          size="small"
          loading={overview.isLoading}
          dataSource={overview.data?.rows ?? []}
          pagination={false}
          // a chain's shops scroll inside the card, so that the chosen shop's ledger stays in sight
          scroll={{ x: 900, y: 200 }}
          rowClassName={(r) => (r.shopId === shopId ? 'ant-table-row-selected' : '')}
          onRow={(r) => ({ onClick: () => setPicked(r.shopId), style: { cursor: 'pointer' } })}
          columns={[
            { title: t('finance.funds.shop'), dataIndex: 'shopName', width: 160, fixed: 'left' },
            ...amounts.map((k) => ({
              title: t(`finance.funds.${k}`),
              dataIndex: k,
              width: 120,
              align: 'right' as const,
              render: (v: number) => money(v),
            })),
            {
              title: t('finance.funds.currentBalance'),
              dataIndex: 'balance',
              width: 130,
              align: 'right',
              render: (v: number) => <Typography.Text strong>{money(v)}</Typography.Text>,
            },
          ]}
          summary={() =>
            total ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>{t('finance.funds.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  {amounts.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      {money(total[k])}
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={amounts.length + 1} align="right">
                    <Typography.Text strong>{money(total.balance)}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
      <Card
        size="small"
        title={t('finance.funds.ledgerOf', { shop: shopName })}
        extra={
          mayAdjust ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={shopId === null}
              onClick={() => shopId !== null && setAdjusting({ id: shopId, name: shopName })}
            >
              {t('finance.funds.adjust')}
            </Button>
          ) : null
        }
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <ShopSelect value={shopId} onChange={setPicked} style={{ width: 240 }} />
          <Typography.Text type="secondary">{t('finance.funds.recordsHelp')}</Typography.Text>
        </Space>
        <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('finance.funds.float')}>{money(q.data?.float ?? 0)}</Descriptions.Item>
          <Descriptions.Item label={t('finance.funds.currentBalance')}>
            <Typography.Text strong>{money(q.data?.balance ?? 0)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Table<Row>
          className="ho-fund-ledger"
          rowKey={(r) => `${r.kind}:${r.id}`}
          size="small"
          loading={q.isLoading}
          dataSource={q.data?.rows ?? []}
          pagination={{ pageSize: 20, size: 'small' }}
          columns={[
            { title: t('finance.funds.day'), dataIndex: 'date', width: 110 },
            {
              title: t('finance.funds.kind'),
              dataIndex: 'kind',
              width: 100,
              render: (k: Row['kind']) => <Tag color={kindColor[k]}>{t(`finance.funds.recordKind.${k}`)}</Tag>,
            },
            { title: t('finance.funds.billNo'), dataIndex: 'billNo', width: 180 },
            { title: t('finance.funds.amount'), dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => money(v) },
            { title: t('finance.funds.runningBalance'), dataIndex: 'balance', width: 130, align: 'right', render: (v: number) => money(v) },
            { title: t('finance.funds.reason'), dataIndex: 'reason', ellipsis: true },
            {
              title: '',
              width: 80,
              render: (_, row) =>
                mayAdjust && row.revocable ? (
                  <Button size="small" danger onClick={() => revokeDialog(t, row, refresh)}>
                    {t('finance.funds.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      <AdjustDialog shop={adjusting} onClose={() => setAdjusting(null)} />
    </Space>
  );
}
