import type { PriceKind, TemplateDetail, TemplateRow, UnableShopRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../platform/http';
import { notify } from '../../platform/notify';
import { ShopMultiSelect } from './shops';
import { templateApi } from './templateApi';

/**
 * Apply a template to shops: the shops become exactly the ticked ones and get the template's prices.
 * Shops already on another template of the same kind are greyed out (unableSelectShopList).
 */
export function TemplateShopsModal({
  kind,
  template,
  onClose,
}: {
  kind: PriceKind;
  template: TemplateRow | null;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const api = templateApi(kind);
  const open = !!template;
  const [value, setValue] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const detail = useQuery({
    queryKey: ['pricetemplate', kind, 'detail', template?.id],
    queryFn: ({ signal }) => http.get<TemplateDetail>(api.detail(template?.id ?? 0), undefined, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const unable = useQuery({
    queryKey: ['pricetemplate', kind, 'unable', template?.id],
    queryFn: ({ signal }) => http.get<UnableShopRow[]>(api.unable, { templateId: template?.id }, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const taken = useMemo(() => new Map((unable.data ?? []).map((u) => [u.shopId, u])), [unable.data]);
  const disabled = useMemo(() => new Set(taken.keys()), [taken]);

  useEffect(() => {
    if (open && detail.data) setValue(detail.data.shops.map((s) => s.shopId));
  }, [open, detail.data]);

  const submit = async () => {
    if (!template) return;
    setBusy(true);
    try {
      await http.post(api.shops, { templateId: template.id, shopIds: value });
      notify.message.success(t('pricing.template.appliedN', { count: value.length }));
      onClose(true);
    } catch {
      /* shown (409: a shop on another template, template stopped, price control) */
    } finally {
      setBusy(false);
    }
  };

  const before = new Set(detail.data?.shops.map((s) => s.shopId) ?? []);
  const added = value.filter((id) => !before.has(id)).length;
  const removed = [...before].filter((id) => !value.includes(id)).length;

  return (
    <Modal
      open={open}
      title={t('pricing.template.applyTitle', { name: template?.name ?? '' })}
      width={640}
      onCancel={() => onClose(false)}
      onOk={submit}
      okButtonProps={{ disabled: detail.isLoading || unable.isLoading }}
      confirmLoading={busy}
      destroyOnHidden
    >
      {detail.isLoading || unable.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Alert type="info" showIcon title={t('pricing.template.applyHint')} style={{ marginBottom: 16 }} />
          <Form layout="vertical">
            <Form.Item
              label={t('pricing.template.shops')}
              extra={taken.size ? t('pricing.template.takenN', { count: taken.size }) : undefined}
            >
              <ShopMultiSelect
                value={value}
                onChange={setValue}
                disabled={disabled}
                disabledTitle={(id) => {
                  const u = taken.get(id);
                  return u ? t('pricing.template.onOther', { name: u.templateName }) : undefined;
                }}
              />
            </Form.Item>
          </Form>
          {added || removed ? (
            <Typography.Text type="secondary">{t('pricing.template.applyDiff', { added, removed })}</Typography.Text>
          ) : null}
        </>
      )}
    </Modal>
  );
}
