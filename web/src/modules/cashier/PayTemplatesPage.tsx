import {
  businessTypeLabels,
  businessTypes,
  CASHIER_PATHS as P,
  type PayTemplateDetail,
  type PayTemplateItem,
  type PayTemplateRow,
  type PayTypeVo,
  payTemplateDetail,
  payTemplateRow,
  payTypeVo,
} from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Space, Switch, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';
import { ShopMultiSelect } from '../../platform/shops';

type Item = Omit<PayTemplateItem, 'businessType'> & { businessType: number };

/** /admin/cashier/paytemplates — templates on the left; per business type and pay type what the till offers, and the template's shops. */
export default function PayTemplatesPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const qc = useQueryClient();
  const editable = usePermission()('cashier.paytemplate.edit');
  const [selected, setSelected] = useState<number>();
  const [head, setHead] = useState<Partial<PayTemplateRow> | null>(null);
  const [assigning, setAssigning] = useState<number[] | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [headForm] = Form.useForm();
  const list = useQuery({ queryKey: ['paytemplates'], queryFn: () => http.read(z.array(payTemplateRow), P.templateAll) });
  const types = useQuery({ queryKey: ['paytypes-vo'], queryFn: () => http.read(z.array(payTypeVo), P.payTypeVo) });
  const detail = useQuery({
    queryKey: ['paytemplate', selected],
    queryFn: () => http.read(payTemplateDetail, P.templateOne(selected as number)),
    enabled: !!selected,
  });
  useEffect(() => {
    if (detail.data) setItems(detail.data.items);
  }, [detail.data]);
  useEffect(() => {
    if (!selected && list.data?.length) setSelected(list.data[0].id);
  }, [list.data, selected]);

  const refresh = (saved: PayTemplateDetail) => {
    qc.setQueryData(['paytemplate', saved.id], saved);
    void qc.invalidateQueries({ queryKey: ['paytemplates'] });
  };
  const saveHead = useAction({
    run: async () => http.post<PayTemplateDetail>(P.templateSave, { ...(await headForm.validateFields()), id: head?.id }),
    success: 'cashier.saved',
    done: (saved) => {
      refresh(saved);
      setSelected(saved.id);
      setHead(null);
    },
  });
  const saveItems = useAction({
    run: () => http.post<PayTemplateDetail>(P.templateItemsSave, { templateId: selected, items }),
    success: 'cashier.saved',
    done: refresh,
  });
  const assign = useAction({
    run: () => http.post<PayTemplateDetail>(P.templateShops, { templateId: selected, shopIds: assigning ?? [] }),
    success: 'cashier.saved',
    done: (saved) => {
      refresh(saved);
      setAssigning(null);
    },
  });

  const current = list.data?.find((x) => x.id === selected);
  const itemOf = (bt: number, p: PayTypeVo): Item =>
    items.find((i) => i.businessType === bt && i.payTypeId === p.id) ?? {
      businessType: bt,
      payTypeId: p.id,
      enable: false,
      isOften: false,
      isMixed: true,
      perfRate: p.perfRate,
      classRate: 10000,
      feeRate: p.feeRate,
    };
  const setItem = (bt: number, p: PayTypeVo, patch: Partial<Item>) =>
    setItems((all) => [...all.filter((i) => !(i.businessType === bt && i.payTypeId === p.id)), { ...itemOf(bt, p), ...patch }]);
  const rate = (bt: number, key: 'perfRate' | 'classRate' | 'feeRate') => (_: unknown, p: PayTypeVo) => (
    <InputNumber
      size="small"
      min={0}
      max={10000}
      precision={0}
      style={{ width: 80 }}
      disabled={!editable}
      value={itemOf(bt, p)[key]}
      onChange={(v) => setItem(bt, p, { [key]: v ?? 0 })}
    />
  );
  const flag = (bt: number, key: 'enable' | 'isOften' | 'isMixed') => (_: unknown, p: PayTypeVo) => (
    <Switch size="small" disabled={!editable} checked={itemOf(bt, p)[key]} onChange={(v) => setItem(bt, p, { [key]: v })} />
  );
  const matrix = (bt: number) => (
    <Table<PayTypeVo>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={types.data ?? []}
      scroll={{ y: 380 }}
      columns={[
        { title: t('cashier.template.payType'), key: 'name', render: (_, p) => `${p.code} ${p.name}`, width: 130 },
        { title: t('cashier.template.payClass'), dataIndex: 'className', width: 80 },
        { title: t('cashier.template.enable'), key: 'enable', render: flag(bt, 'enable'), width: 76 },
        { title: t('cashier.template.isOften'), key: 'isOften', render: flag(bt, 'isOften'), width: 76 },
        { title: t('cashier.template.isMixed'), key: 'isMixed', render: flag(bt, 'isMixed'), width: 96 },
        { title: t('cashier.template.perfRate'), key: 'perfRate', render: rate(bt, 'perfRate'), width: 112 },
        { title: t('cashier.template.classRate'), key: 'classRate', render: rate(bt, 'classRate'), width: 100 },
        { title: t('cashier.template.feeRate'), key: 'feeRate', render: rate(bt, 'feeRate'), width: 100 },
      ]}
    />
  );

  return (
    <Row gutter={12} className="ho-paytemplates">
      <Col span={6}>
        <Card
          size="small"
          title={t('cashier.template.list')}
          extra={
            editable ? (
              <Button type="primary" size="small" onClick={() => setHead({})}>
                {t('cashier.template.new')}
              </Button>
            ) : null
          }
        >
          <Table<PayTemplateRow>
            size="small"
            rowKey="id"
            loading={list.isLoading}
            pagination={false}
            dataSource={list.data ?? []}
            rowClassName={(r) => (r.id === selected ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onClick: () => setSelected(r.id), style: { cursor: 'pointer' } })}
            columns={[
              { title: t('cashier.code'), dataIndex: 'code', width: 90 },
              { title: t('cashier.name'), dataIndex: 'name' },
              { title: t('cashier.template.shopCount'), key: 'n', width: 70, render: (_, r) => r.shopIds.length },
            ]}
          />
        </Card>
      </Col>
      <Col span={18}>
        {current ? (
          <Card
            size="small"
            title={`${current.name}（${current.code}）`}
            extra={
              editable ? (
                <Space>
                  <Button onClick={() => setHead(current)}>{t('cashier.template.editHead')}</Button>
                  <Button onClick={() => setAssigning(current.shopIds)}>{t('cashier.template.assign')}</Button>
                  <Button type="primary" loading={saveItems.busy} onClick={() => saveItems.run()}>
                    {t('cashier.save')}
                  </Button>
                </Space>
              ) : null
            }
          >
            <div style={{ marginBottom: 8 }}>
              {current.shops.map((s) => (
                <Tag key={s.id}>{s.name}</Tag>
              ))}
            </div>
            <Typography.Text type="secondary">{t('cashier.template.rateHelp')}</Typography.Text>
            <Tabs items={businessTypes.map((bt) => ({ key: String(bt), label: label(businessTypeLabels[bt]), children: matrix(bt) }))} />
          </Card>
        ) : (
          <Alert type="info" message={t('cashier.template.pick')} />
        )}
      </Col>
      <Modal
        open={!!head}
        title={head?.id ? t('cashier.template.editHead') : t('cashier.template.new')}
        onCancel={() => setHead(null)}
        onOk={() => saveHead.run()}
        confirmLoading={saveHead.busy}
        destroyOnHidden
      >
        <Form form={headForm} layout="vertical" preserve={false} initialValues={head ?? {}}>
          <Form.Item name="code" label={t('cashier.code')} rules={[{ required: true, max: 32 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('cashier.name')} rules={[{ required: true, max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="memo" label={t('cashier.memo')}>
            <Input.TextArea maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!assigning}
        title={t('cashier.template.assign')}
        onCancel={() => setAssigning(null)}
        onOk={() => assign.run()}
        confirmLoading={assign.busy}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('cashier.template.assignHelp')}</Typography.Paragraph>
        <ShopMultiSelect value={assigning ?? []} onChange={setAssigning} placeholder={t('cashier.chooseShop')} />
      </Modal>
    </Row>
  );
}
