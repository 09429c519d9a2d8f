import {
  CASHIER_PATHS as P,
  stationPostLabels,
  type WheelRest,
  type WheelRow,
  type WheelScheme,
  wheelRest,
  wheelScheme,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { ShopMultiSelect, ShopSelect, useShops } from '../../platform/shops';
import { NamedMultiSelect } from './common';

const newRow = (): WheelRow => ({
  cwcname: '',
  postion: 1,
  positionIds: [],
  levelIds: [],
  dayClean: true,
  withCashier: true,
  dksffp: false,
});

function SchemeModal({ scheme, onClose }: { scheme: Partial<WheelScheme>; onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm();
  const [rows, setRows] = useState<WheelRow[]>(scheme.rows ?? [newRow()]);
  const setRow = (i: number, patch: Partial<WheelRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(P.wheelSave, { ...v, id: scheme.id, version: scheme.version, rows, shopIds: v.shopIds ?? [] });
    },
    success: 'cashier.saved',
    invalidates: [['wheel-schemes']],
    done: onClose,
  });
  const flag = (key: 'dayClean' | 'withCashier' | 'dksffp') => (_: unknown, r: WheelRow, i: number) => (
    <Switch size="small" checked={r[key]} onChange={(v) => setRow(i, { [key]: v })} />
  );
  return (
    <Modal
      open
      title={scheme.id ? scheme.cwtname : t('cashier.wheel.newScheme')}
      width={1100}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
    >
      <Form form={form} layout="inline" initialValues={{ shoptype: 1, ...scheme }} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="cwtcode" label={t('cashier.code')} rules={[{ required: true, max: 32 }]}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="cwtname" label={t('cashier.name')} rules={[{ required: true, max: 64 }]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="shoptype" label={t('cashier.wheel.shopType')} rules={[{ required: true }]}>
          <InputNumber min={1} max={9} precision={0} style={{ width: 70 }} />
        </Form.Item>
        <Form.Item name="shopIds" label={t('cashier.shops')} style={{ minWidth: 360 }}>
          <ShopMultiSelect placeholder={t('cashier.chooseShop')} />
        </Form.Item>
      </Form>
      <Table<WheelRow>
        size="small"
        rowKey={(_, i) => String(i)}
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('cashier.wheel.rowName'),
            key: 'name',
            width: 150,
            render: (_, r, i) => <Input value={r.cwcname} maxLength={32} onChange={(e) => setRow(i, { cwcname: e.target.value })} />,
          },
          {
            title: t('cashier.wheel.postion'),
            key: 'postion',
            width: 120,
            render: (_, r, i) => (
              <Select
                value={r.postion}
                style={{ width: 110 }}
                onChange={(v) => setRow(i, { postion: v })}
                options={([1, 2, 3] as const).map((v) => ({ value: v, label: label(stationPostLabels[v]) }))}
              />
            ),
          },
          {
            title: t('cashier.wheel.positions'),
            key: 'positions',
            render: (_, r, i) => (
              <NamedMultiSelect kind="position" value={r.positionIds} onChange={(ids) => setRow(i, { positionIds: ids })} />
            ),
          },
          {
            title: t('cashier.wheel.levels'),
            key: 'levels',
            render: (_, r, i) => <NamedMultiSelect kind="level" value={r.levelIds} onChange={(ids) => setRow(i, { levelIds: ids })} />,
          },
          { title: t('cashier.wheel.dayClean'), key: 'dayClean', width: 80, render: flag('dayClean') },
          { title: t('cashier.wheel.withCashier'), key: 'withCashier', width: 80, render: flag('withCashier') },
          { title: t('cashier.wheel.dksffp'), key: 'dksffp', width: 80, render: flag('dksffp') },
          {
            title: t('cashier.actions'),
            key: 'x',
            width: 70,
            render: (_, __, i) =>
              rows.length > 1 ? (
                <Button type="link" size="small" danger onClick={() => setRows(rows.filter((_, j) => j !== i))}>
                  {t('cashier.remove')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Button style={{ marginTop: 8 }} onClick={() => setRows([...rows, newRow()])}>
        {t('cashier.wheel.addRow')}
      </Button>
    </Modal>
  );
}

function Schemes({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [editing, setEditing] = useState<Partial<WheelScheme> | null>(null);
  const list = useQuery({ queryKey: ['wheel-schemes'], queryFn: () => http.read(z.array(wheelScheme), P.wheelAll) });
  const remove = useAction<number>({
    run: (id) => http.del(P.wheelDelete(id)),
    success: 'cashier.removed',
    invalidates: [['wheel-schemes']],
  });
  return (
    <>
      {editable ? (
        <Button type="primary" style={{ marginBottom: 8 }} onClick={() => setEditing({})}>
          {t('cashier.wheel.newScheme')}
        </Button>
      ) : null}
      <Table<WheelScheme>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('cashier.code'), dataIndex: 'cwtcode', width: 110 },
          { title: t('cashier.name'), dataIndex: 'cwtname', width: 160 },
          { title: t('cashier.wheel.shopType'), dataIndex: 'shoptype', width: 90 },
          {
            title: t('cashier.wheel.rows'),
            key: 'rows',
            render: (_, s) =>
              s.rows.map((r) => (
                <Tag key={r.cwcname}>
                  {r.cwcname} · {label(stationPostLabels[r.postion])}
                </Tag>
              )),
          },
          { title: t('cashier.shops'), key: 'shops', render: (_, s) => s.shops.map((x) => x.name).join('、') },
          {
            title: t('cashier.actions'),
            key: 'x',
            width: 130,
            render: (_, s) =>
              editable ? (
                <Space>
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    {t('cashier.edit')}
                  </Button>
                  <Popconfirm title={t('cashier.confirmRemove')} onConfirm={() => remove.run(s.id)}>
                    <Button type="link" size="small" danger>
                      {t('cashier.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]}
      />
      {editing ? <SchemeModal scheme={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function Rests({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { shops } = useShops();
  const [picked, setShopId] = useState<number | null>(null);
  const shopId = picked ?? shops[0]?.id ?? null;
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: ['wheel-rests', shopId],
    queryFn: () => http.read(z.array(wheelRest), P.wheelRestList, { shopid: shopId }),
    enabled: !!shopId,
  });
  const add = useAction({
    run: async () => http.post(P.wheelRestSave, { ...(await form.validateFields()), shopid: shopId }),
    success: 'cashier.saved',
    invalidates: [['wheel-rests']],
    done: () => form.resetFields(),
  });
  const remove = useAction<number>({
    run: (id) => http.post(P.wheelRestDelete, { id, isDel: 1 }),
    success: 'cashier.removed',
    invalidates: [['wheel-rests']],
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <ShopSelect value={shopId} onChange={setShopId} placeholder={t('cashier.chooseShop')} />
        {editable && shopId ? (
          <Form form={form} layout="inline">
            <Form.Item name="cwrname" rules={[{ required: true, max: 32 }]}>
              <Input placeholder={t('cashier.wheel.restName')} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="time" rules={[{ required: true }]}>
              <InputNumber min={1} max={480} precision={0} placeholder={t('cashier.wheel.minutes')} style={{ width: 120 }} />
            </Form.Item>
            <Button type="primary" loading={add.busy} onClick={() => add.run()}>
              {t('cashier.wheel.newRest')}
            </Button>
          </Form>
        ) : null}
      </Space>
      <Table<WheelRest>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: t('cashier.wheel.restName'), dataIndex: 'cwrname' },
          { title: t('cashier.wheel.minutes'), dataIndex: 'time', width: 120 },
          {
            title: t('cashier.actions'),
            key: 'x',
            width: 100,
            render: (_, r) =>
              editable ? (
                <Popconfirm title={t('cashier.confirmRemove')} onConfirm={() => remove.run(r.id)}>
                  <Button type="link" size="small" danger>
                    {t('cashier.remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}

/** /admin/cashier/wheel — wheel schemes (rows, shops) and each shop's temporary rest kinds. */
export default function WheelPage() {
  const { t } = useTranslation();
  const editable = usePermission()('cashier.wheel.edit');
  return (
    <Card size="small" className="ho-wheel">
      <Tabs
        items={[
          { key: 'schemes', label: t('cashier.wheel.schemes'), children: <Schemes editable={editable} /> },
          { key: 'rests', label: t('cashier.wheel.rests'), children: <Rests editable={editable} /> },
        ]}
      />
    </Card>
  );
}
