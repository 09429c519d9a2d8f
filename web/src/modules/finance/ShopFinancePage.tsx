import { WalletOutlined } from '@ant-design/icons';
import { FINANCE_API, type ShopFinanceRow } from '@headoffice/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { centsToYuan, yuanToCents } from '../../platform/money';
import { invalidateResource } from '../../platform/resource/invalidate';
import { moneyRule } from '../../platform/resource/money';
import { ResourceList } from '../../platform/resource/ResourceList';
import { shopFinanceDef } from './defs';

/** The petty-cash setting of one shop: its everyday float, and whether large requests need its takings. */
function PettyCashModal({ row, onClose }: { row: ShopFinanceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ float: number | null; largeNeedsTakings: boolean }>();
  const saving = useAction<{ float: number | null; largeNeedsTakings: boolean }>({
    run: (v) =>
      http.post(FINANCE_API.pettyCashSave, {
        shopId: row?.shopId,
        version: row?.pettyCashVersion,
        float: yuanToCents(v.float) ?? 0,
        largeNeedsTakings: v.largeNeedsTakings ? 1 : 0,
      }),
    success: 'common.saved',
    done: async () => {
      await invalidateResource(qc, shopFinanceDef);
      onClose();
    },
  });
  return (
    <Modal
      open={!!row}
      title={row ? t('finance.shops.pettyCashOf', { shop: row.shopName }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving.busy}
      destroyOnHidden
    >
      {row ? (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ float: centsToYuan(row.float), largeNeedsTakings: row.largeNeedsTakings === 1 }}
          onFinish={(v) => void saving.run(v)}
        >
          <Form.Item
            name="float"
            label={t('finance.shops.float')}
            extra={t('finance.shops.floatHelp')}
            rules={[
              { required: true, message: t('common.pleaseEnter', { label: t('finance.shops.float') }) },
              moneyRule(t('finance.shops.float')),
            ]}
          >
            <InputNumber aria-label={t('finance.shops.float')} prefix="¥" precision={2} max={1_000_000} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="largeNeedsTakings"
            label={t('finance.shops.largeNeedsTakings')}
            extra={t('finance.shops.largeHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** /admin/finance/shops — each shop's finance profile and petty-cash float. */
export default function ShopFinancePage() {
  const { t } = useTranslation();
  const [petty, setPetty] = useState<ShopFinanceRow | null>(null);
  return (
    <>
      <ResourceList<ShopFinanceRow, 'keyword'>
        def={shopFinanceDef}
        hideCreate
        actionsWidth={190}
        rowActions={(row, ctx) =>
          ctx.canEdit ? (
            <Button type="link" size="small" icon={<WalletOutlined />} onClick={() => setPetty(row)}>
              {t('finance.shops.pettyCash')}
            </Button>
          ) : null
        }
      />
      <PettyCashModal row={petty} onClose={() => setPetty(null)} />
    </>
  );
}
