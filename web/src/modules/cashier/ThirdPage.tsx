import {
  type DyPoi,
  type DyShop,
  dyPoi,
  dyShop,
  type MtKey,
  type MtShop,
  mtKeyPage,
  mtShop,
  CASHIER_PATHS as P,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { ShopSelect } from '../../platform/shops';

function RemoveButton({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={t('cashier.confirmRemove')} onConfirm={onConfirm}>
      <Button type="link" size="small" danger>
        {t('cashier.remove')}
      </Button>
    </Popconfirm>
  );
}

function MtKeys({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Partial<MtKey> | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: ['mtkeys'],
    queryFn: () => http.read(mtKeyPage, P.mtKeysPage, { pageSize: 200 }),
  });
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(P.mtKeys, { ...v, secret: v.secret || undefined, id: editing?.id });
    },
    success: 'cashier.saved',
    invalidates: [['mtkeys']],
    done: () => setEditing(null),
  });
  const remove = useAction<number>({ run: (id) => http.del(P.mtKeyDelete(id)), success: 'cashier.removed', invalidates: [['mtkeys']] });
  return (
    <>
      {editable ? (
        <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setEditing({})}>
          {t('cashier.add')}
        </Button>
      ) : null}
      <Table<MtKey>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('cashier.third.account'), dataIndex: 'account', width: 160 },
          { title: t('cashier.third.secret'), dataIndex: 'secretMasked', width: 110 },
          { title: t('cashier.third.expiresDate'), dataIndex: 'expiresDate', width: 120 },
          { title: t('cashier.third.remainRefreshCount'), dataIndex: 'remainRefreshCount', width: 120 },
          { title: t('cashier.third.accountName'), dataIndex: 'accountName', width: 110 },
          { title: t('cashier.third.tel'), dataIndex: 'tel', width: 130 },
          { title: t('cashier.memo'), dataIndex: 'memo' },
          {
            title: t('cashier.actions'),
            key: 'x',
            width: 130,
            render: (_, r) =>
              editable ? (
                <Space>
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {t('cashier.edit')}
                  </Button>
                  <RemoveButton onConfirm={() => remove.run(r.id)} />
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t('cashier.third.mtKeys')}
        onCancel={() => setEditing(null)}
        onOk={() => save.run()}
        confirmLoading={save.busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={editing ?? {}}>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="account" label={t('cashier.third.account')} rules={[{ required: true, max: 64 }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="secret"
                label={t('cashier.third.secret')}
                rules={[{ required: !editing?.id, max: 500 }]}
                extra={editing?.id ? t('cashier.third.secretKeep') : undefined}
              >
                <Input.Password autoComplete="new-password" placeholder={editing?.secretMasked ?? undefined} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="expiresDate"
                label={t('cashier.third.expiresDate')}
                rules={[{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'YYYY-MM-DD' }]}
              >
                <Input placeholder="YYYY-MM-DD" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="remainRefreshCount" label={t('cashier.third.remainRefreshCount')}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="accountName" label={t('cashier.third.accountName')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="tel" label={t('cashier.third.tel')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="memo" label={t('cashier.memo')}>
            <Input.TextArea maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

function MtShops({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const list = useQuery({ queryKey: ['mtshops'], queryFn: () => http.read(z.array(mtShop), P.mtShopsAll) });
  const keys = useQuery({ queryKey: ['mtkeys'], queryFn: () => http.read(mtKeyPage, P.mtKeysPage, { pageSize: 200 }) });
  const save = useAction({
    run: async () => http.post(P.mtShopSave, await form.validateFields()),
    success: 'cashier.saved',
    invalidates: [['mtshops']],
    done: () => form.resetFields(),
  });
  const remove = useAction<number>({ run: (id) => http.del(P.mtShopDelete(id)), success: 'cashier.removed', invalidates: [['mtshops']] });
  return (
    <>
      {editable ? (
        <Form form={form} layout="inline" style={{ marginBottom: 8, rowGap: 8 }}>
          <Form.Item name="shopid" rules={[{ required: true, message: t('cashier.chooseShop') }]}>
            <ShopSelect placeholder={t('cashier.chooseShop')} />
          </Form.Item>
          <Form.Item name="openShopUuid" rules={[{ required: true, max: 128 }]}>
            <Input placeholder={t('cashier.third.openShopUuid')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="mtKeyId">
            <Select
              allowClear
              placeholder={t('cashier.third.account')}
              style={{ width: 160 }}
              options={(keys.data?.list ?? []).map((k) => ({ value: k.id, label: k.account }))}
            />
          </Form.Item>
          <Button type="primary" loading={save.busy} onClick={() => save.run()}>
            {t('cashier.add')}
          </Button>
        </Form>
      ) : null}
      <Table<MtShop>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('cashier.shop'), key: 'shop', render: (_, r) => `${r.shopName}（${r.shopCode}）` },
          { title: t('cashier.third.openShopUuid'), dataIndex: 'openShopUuid' },
          { title: t('cashier.third.account'), dataIndex: 'account', width: 160 },
          {
            title: t('cashier.actions'),
            key: 'x',
            width: 90,
            render: (_, r) => (editable ? <RemoveButton onConfirm={() => remove.run(r.id)} /> : null),
          },
        ]}
      />
    </>
  );
}

function DyShops({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState<DyPoi | null>(null);
  const [shopId, setShopId] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['dyshops'], queryFn: () => http.read(z.array(dyShop), P.dyShops) });
  const pois = useQuery({ queryKey: ['dyshops', 'pois'], queryFn: () => http.read(z.array(dyPoi), P.dyPois) });
  const bind = useAction({
    run: () => http.post(P.dyShops, { shopid: shopId, poiId: binding?.poiId, poiName: binding?.poiName, address: binding?.address }),
    success: 'cashier.saved',
    invalidates: [['dyshops']],
    done: () => setBinding(null),
  });
  const remove = useAction<number>({ run: (id) => http.del(P.dyShopDelete(id)), success: 'cashier.removed', invalidates: [['dyshops']] });
  return (
    <Row gutter={12}>
      <Col span={14}>
        <Table<DyShop>
          size="small"
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { title: t('cashier.shop'), key: 'shop', render: (_, r) => `${r.shopName}（${r.shopCode}）` },
            { title: t('cashier.third.poiId'), dataIndex: 'poiId', width: 140 },
            { title: t('cashier.third.poiName'), dataIndex: 'poiName' },
            {
              title: t('cashier.actions'),
              key: 'x',
              width: 90,
              render: (_, r) => (editable ? <RemoveButton onConfirm={() => remove.run(r.id)} /> : null),
            },
          ]}
        />
      </Col>
      <Col span={10}>
        <Card size="small" title={t('cashier.third.pois')}>
          <Table<DyPoi>
            size="small"
            rowKey="poiId"
            loading={pois.isLoading}
            dataSource={pois.data ?? []}
            pagination={{ pageSize: 8, size: 'small' }}
            columns={[
              { title: t('cashier.third.poiName'), dataIndex: 'poiName' },
              {
                title: t('cashier.actions'),
                key: 'x',
                width: 110,
                render: (_, p) =>
                  p.mapped ? (
                    <Tag color="green">{t('cashier.third.mapped')}</Tag>
                  ) : editable ? (
                    <Button type="link" size="small" onClick={() => setBinding(p)}>
                      {t('cashier.third.bind')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </Card>
      </Col>
      <Modal
        open={!!binding}
        title={binding?.poiName}
        onCancel={() => setBinding(null)}
        onOk={() => bind.run()}
        confirmLoading={bind.busy}
        okButtonProps={{ disabled: !shopId }}
      >
        <ShopSelect value={shopId} onChange={setShopId} placeholder={t('cashier.chooseShop')} />
      </Modal>
    </Row>
  );
}

/** /admin/cashier/third — Meituan accounts (secrets masked) and shop mappings, Douyin POI mappings. */
export default function ThirdPage() {
  const { t } = useTranslation();
  const editable = usePermission()('cashier.third.edit');
  return (
    <Card size="small" className="ho-third">
      <Tabs
        items={[
          { key: 'mtkeys', label: t('cashier.third.mtKeys'), children: <MtKeys editable={editable} /> },
          { key: 'mtshops', label: t('cashier.third.mtShops'), children: <MtShops editable={editable} /> },
          { key: 'dyshops', label: t('cashier.third.dyShops'), children: <DyShops editable={editable} /> },
        ]}
      />
    </Card>
  );
}
