import type { AddServsResult, ServicePick } from '@headoffice/contract';
import { Alert, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { useRemoteRows } from '../../platform/resource/options';
import { ShopSelect } from '../../platform/shops';
import { PRICING } from './api';

/** addServs: services become sold in one shop at their base price (those already listed stay as they are). */
export function AddToShopModal({ open, serviceIds, onClose }: { open: boolean; serviceIds: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ shopId: number; serviceIds: number[] }>();
  const services = useRemoteRows(open ? '/api-chain/serviceinfo/findServiceList' : undefined);
  const options = ((services.data ?? []) as unknown as ServicePick[]).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }));

  useEffect(() => {
    if (open) form.setFieldsValue({ serviceIds });
  }, [open, serviceIds, form]);

  const adding = useAction<void, AddServsResult>({
    run: async () => {
      const v = await form.validateFields();
      return http.post<AddServsResult>(PRICING.addServs, { shopId: v.shopId, serviceIds: v.serviceIds });
    },
    success: (r) => t('pricing.add.done', { added: r.added, existing: r.existing }),
    done: () => {
      form.resetFields();
      onClose(true);
    },
  });
  const submit = () => adding.run();

  return (
    <Modal
      open={open}
      title={t('pricing.add.title')}
      onCancel={() => onClose(false)}
      onOk={submit}
      confirmLoading={adding.busy}
      destroyOnHidden
      width={600}
    >
      <Alert type="info" showIcon title={t('pricing.add.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="shopId" label={t('pricing.shop')} rules={[{ required: true, message: t('pricing.pickShop') }]}>
          <ShopSelect style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="serviceIds"
          label={t('pricing.grid.service')}
          rules={[{ required: true, message: t('common.pleaseSelect', { label: t('pricing.grid.service') }) }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            loading={services.isLoading}
            maxTagCount="responsive"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
