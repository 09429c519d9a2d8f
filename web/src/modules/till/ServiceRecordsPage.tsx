import { type ServiceBillDetail, type ServiceBillRow, serviceBillDetail, serviceRecordsPage, TILL_PATHS as T } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { ExportButton } from '../../platform/resource/ExportButton';
import { ShopSelect } from '../../platform/shops';
import { BillView, StatusTag } from './BillView';

/** The paths, permission and names of one head-office list of settled bills. */
export interface BillRecordsKind {
  key: string;
  list: string;
  pageAll: string;
  detail: (id: number) => string;
  revoke: string;
  revokePerm: string;
  title: string;
}

const serviceKind: BillRecordsKind = {
  key: 'servicerecords',
  list: T.list,
  pageAll: T.pageAll,
  detail: T.detail,
  revoke: T.revoke,
  revokePerm: 'cashier.servicerecord.revoke',
  title: 'till.menu.records',
};

/** /admin/cashier/servicerecords — settled service bills with totals, detail, export and 撤单. */
export default function ServiceRecordsPage() {
  return <BillRecords kind={serviceKind} />;
}

/** A list of settled bills (service, package or card bills) with totals, detail, export and 撤单. */
export function BillRecords({ kind }: { kind: BillRecordsKind }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const may = usePermission();
  const [shopid, setShopid] = useState<number | null>(null);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<ServiceBillRow | null>(null);
  const [form] = Form.useForm<{ hcMemo: string }>();
  const params = { shopid: shopid ?? undefined, keyword: keyword || undefined, page, pageSize: 20 };
  const list = useQuery({ queryKey: [kind.key, params], queryFn: () => http.read(serviceRecordsPage, kind.list, params) });
  const detail = useQuery({
    queryKey: [`${kind.key}-one`, open],
    queryFn: () => http.read(serviceBillDetail, kind.detail(open as number)),
    enabled: open !== null,
  });
  const revoke = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(serviceBillDetail, kind.revoke, { id: revoking?.id, hcMemo: v.hcMemo }, { once: true });
    },
    success: 'till.revokeDone',
    invalidates: [[kind.key], [`${kind.key}-one`]],
    done: (bill: ServiceBillDetail) => {
      setRevoking(null);
      form.resetFields();
      qc.setQueryData([`${kind.key}-one`, bill.id], bill);
    },
  });
  const sum = list.data?.sum;
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <ShopSelect
            value={shopid}
            onChange={(v) => {
              setShopid(v);
              setPage(1);
            }}
            allowClear
            placeholder={t('till.chooseShop')}
          />
          <Input.Search
            allowClear
            placeholder={t('till.keyword')}
            style={{ width: 240 }}
            onSearch={(v) => {
              setKeyword(v);
              setPage(1);
            }}
          />
        </Space>
      }
      extra={<ExportButton path={kind.pageAll} params={params} fileName={t(kind.title)} />}
    >
      {sum && (
        <Typography.Paragraph type="secondary" data-testid="records-sum">
          {t('till.sum', {
            count: sum.count,
            listTotal: formatMoney(sum.listTotal),
            discountTotal: formatMoney(sum.discountTotal),
            amount: formatMoney(sum.amount),
          })}
        </Typography.Paragraph>
      )}
      <Table
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list}
        scroll={{ x: 1000 }}
        pagination={{ current: page, pageSize: 20, total: list.data?.total, onChange: setPage, showSizeChanger: false }}
        columns={[
          {
            title: t('till.billNo'),
            dataIndex: 'billNo',
            width: 170,
            render: (v, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                {v}
              </Button>
            ),
          },
          { title: t('till.shop'), dataIndex: 'shopName', width: 140 },
          { title: t('till.businessDate'), dataIndex: 'businessDate', width: 110 },
          { title: t('till.handTag'), dataIndex: 'handTag', width: 80 },
          { title: t('till.member'), dataIndex: 'memberName', width: 110, render: (v) => v ?? t('till.walkIn') },
          { title: t('till.listTotal'), dataIndex: 'listTotal', width: 110, render: (v) => formatMoney(v) },
          { title: t('till.amount'), dataIndex: 'amount', width: 110, render: (v) => formatMoney(v) },
          { title: t('till.status'), dataIndex: 'status', width: 90, render: (v, r) => <StatusTag status={v} isHc={r.isHc} /> },
          {
            title: t('till.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                  {t('till.detail')}
                </Button>
                {may(kind.revokePerm) && !r.isHc && (
                  <Button type="link" size="small" onClick={() => setRevoking(r)}>
                    {t('till.revoke')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer width={900} open={open !== null} onClose={() => setOpen(null)} title={detail.data?.billNo}>
        {detail.data && <BillView bill={detail.data} />}
      </Drawer>
      <Modal
        open={revoking !== null}
        title={`${t('till.revoke')} ${revoking?.billNo ?? ''}`}
        onCancel={() => setRevoking(null)}
        footer={
          <Button type="primary" danger loading={revoke.busy} onClick={() => revoke.run()}>
            {t('till.revoke')}
          </Button>
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="hcMemo" label={t('till.revokeMemo')} rules={[{ required: true, max: 30 }]}>
            <Input maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
