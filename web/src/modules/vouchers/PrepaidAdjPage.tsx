import { PREPAID_ADJ_PATHS as A, type PrepaidOrderRow, prepaidAdjCandidates, prepaidAdjPage, prepaidOrderRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ShopSelect } from '../../platform/shops';

const at = (v: string | null) => (v ? v.slice(0, 16).replace('T', ' ') : '');

/**
 * /admin/cashier/prepaidadj — an unused prepaid order paid at the wrong shop's QR is found (by its
 * merchant order number, or in the list of unused orders) and moved to the shop that served the
 * customer, with a reason; below, every move made.
 */
export default function PrepaidAdjPage() {
  const { t } = useTranslation();
  const may = usePermission();
  const [shopid, setShopid] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [historyPage, setHistoryPage] = useState(1);
  const [moving, setMoving] = useState<PrepaidOrderRow | null>(null);
  const [form] = Form.useForm<{ adjShopId: number; reason: string }>();
  const params = { shopid: shopid ?? undefined, keyword: keyword || undefined, page, pageSize: 10 };
  const candidates = useQuery({
    queryKey: ['prepaidadj', 'candidates', params],
    queryFn: () => http.read(prepaidAdjCandidates, A.queryList, params),
  });
  const historyParams = { shopid: shopid ?? undefined, keyword: keyword || undefined, page: historyPage, pageSize: 10 };
  const history = useQuery({
    queryKey: ['prepaidadj', 'history', historyParams],
    queryFn: () => http.read(prepaidAdjPage, A.list, historyParams),
  });
  const lookup = useAction({
    run: () => http.read(prepaidOrderRow, A.lookup, { paymentNo: keyword }),
    done: (order) => setMoving(order.status === 1 ? order : null),
  });
  const move = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(prepaidOrderRow, A.save, { orderId: moving?.id, version: moving?.version, ...v }, { once: true });
    },
    success: 'vouchers.adj.moved',
    invalidates: [['prepaidadj'], ['prepaidorder']],
    done: () => {
      setMoving(null);
      form.resetFields();
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <ShopSelect
              value={shopid}
              onChange={(v) => {
                setShopid(v);
                setPage(1);
                setHistoryPage(1);
              }}
              allowClear
              placeholder={t('vouchers.chooseShop')}
            />
            <Input.Search
              allowClear
              placeholder={t('vouchers.adj.lookupHint')}
              style={{ width: 280 }}
              enterButton={t('vouchers.adj.find')}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
                setHistoryPage(1);
              }}
            />
            {keyword && may('cashier.prepaidadj.edit') && (
              <Button onClick={() => lookup.run()} loading={lookup.busy}>
                {t('vouchers.adj.move')}
              </Button>
            )}
          </Space>
        }
      >
        <Table
          size="small"
          rowKey="id"
          title={() => t('vouchers.adj.candidates')}
          loading={candidates.isLoading}
          dataSource={candidates.data?.list}
          scroll={{ x: 900 }}
          pagination={{ current: page, pageSize: 10, total: candidates.data?.total, onChange: setPage, showSizeChanger: false }}
          columns={[
            { title: t('vouchers.adj.orderNo'), dataIndex: 'orderNo', width: 180 },
            { title: t('vouchers.shop'), dataIndex: 'shopName', width: 140 },
            { title: t('vouchers.adj.payType'), dataIndex: 'payName', width: 100 },
            { title: t('vouchers.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
            {
              title: t('vouchers.status'),
              dataIndex: 'status',
              width: 80,
              render: (v: number) => <Tag color="blue">{t(`vouchers.adj.orderStatuses.${v}`)}</Tag>,
            },
            { title: t('vouchers.adj.paidAt'), dataIndex: 'createdAt', width: 140, render: at },
            {
              title: t('vouchers.actions'),
              key: 'actions',
              width: 100,
              fixed: 'right',
              render: (_, r) =>
                may('cashier.prepaidadj.edit') && (
                  <Button type="link" size="small" onClick={() => setMoving(r)}>
                    {t('vouchers.adj.move')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('vouchers.adj.history')}>
        <Table
          size="small"
          rowKey="id"
          loading={history.isLoading}
          dataSource={history.data?.list}
          scroll={{ x: 1000 }}
          pagination={{ current: historyPage, pageSize: 10, total: history.data?.total, onChange: setHistoryPage, showSizeChanger: false }}
          columns={[
            { title: t('vouchers.adj.orderNo'), dataIndex: 'orderNo', width: 180 },
            { title: t('vouchers.amount'), dataIndex: 'amount', width: 100, render: (v) => formatMoney(v) },
            { title: t('vouchers.adj.fromShop'), dataIndex: 'fromShopName', width: 130 },
            { title: t('vouchers.adj.toShop'), dataIndex: 'toShopName', width: 130 },
            { title: t('vouchers.adj.reason'), dataIndex: 'reason', width: 160, ellipsis: true },
            { title: t('vouchers.adj.by'), dataIndex: 'createdByName', width: 90 },
            { title: t('vouchers.adj.at'), dataIndex: 'createdAt', width: 140, render: at },
          ]}
        />
      </Card>
      <Modal
        open={moving !== null}
        title={t('vouchers.adj.moveTitle', { orderNo: moving?.orderNo ?? '', amount: formatMoney(moving?.amount) })}
        onCancel={() => setMoving(null)}
        onOk={() => move.run()}
        confirmLoading={move.busy}
        destroyOnClose
      >
        <Form form={form} layout="vertical">
          <Form.Item label={t('vouchers.adj.fromShop')}>{moving?.shopName}</Form.Item>
          <Form.Item name="adjShopId" label={t('vouchers.adj.toShop')} rules={[{ required: true }]}>
            <ShopSelect />
          </Form.Item>
          <Form.Item name="reason" label={t('vouchers.adj.reason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
