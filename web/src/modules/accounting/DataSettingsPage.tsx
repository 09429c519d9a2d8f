import {
  accountingAdapters,
  DATA_SETTINGS_EDIT_PERM,
  type DataSettings,
  dataSettingsAnswer,
  maskedFieldLabels,
  maskedFields,
  ACCOUNTING_PATHS as P,
} from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { useLabel } from '../../platform/bills/labels';
import { http } from '../../platform/http';

/**
 * /admin/accounting/data — 数据管理: the chain's data settings: how vouchers are pushed to the accounting
 * system (a dated file per day in the data folder, or an HTTP endpoint), how long the push log is kept, and
 * which masked fields exports may show in full.
 */
export default function DataSettingsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const may = usePermission();
  const [form] = Form.useForm<DataSettings>();
  const settings = useQuery({ queryKey: ['datamanager'], queryFn: () => http.read(dataSettingsAnswer, P.dataGet) });
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const adapter = Form.useWatch('accountingAdapter', form);
  const save = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.send(dataSettingsAnswer, P.dataSave, { ...v, accountingUrl: v.accountingUrl || null });
    },
    success: 'accounting.data.saved',
    invalidates: [['datamanager']],
  });
  const editable = may(DATA_SETTINGS_EDIT_PERM);
  if (!settings.data) return <Spin />;
  return (
    <Card size="small" title={t('accounting.data.accounting')} style={{ maxWidth: 720 }}>
      <Form form={form} layout="horizontal" labelCol={{ span: 7 }} wrapperCol={{ span: 15 }} disabled={!editable}>
        <Form.Item name="accountingAdapter" label={t('accounting.data.adapter')} rules={[{ required: true }]}>
          <Select options={accountingAdapters.map((a) => ({ value: a, label: t(`accounting.adapters.${a}`) }))} />
        </Form.Item>
        <Form.Item
          name="accountingUrl"
          label={t('accounting.data.url')}
          extra={t('accounting.data.urlHint')}
          rules={[{ required: adapter === 'http' }, { type: 'url' }]}
        >
          <Input placeholder={t('accounting.data.urlPh')} />
        </Form.Item>
        <Form.Item name="retentionDays" label={t('accounting.data.retention')} rules={[{ required: true }]}>
          <InputNumber min={30} max={3650} precision={0} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="exportMaskedFields" label={t('accounting.data.masked')}>
          <Checkbox.Group options={maskedFields.map((f) => ({ value: f, label: label(maskedFieldLabels[f]) }))} />
        </Form.Item>
        {editable && (
          <Form.Item wrapperCol={{ offset: 7 }}>
            <Button type="primary" loading={save.busy} onClick={() => save.run()}>
              {t('accounting.data.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}
