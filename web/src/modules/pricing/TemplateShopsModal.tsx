import { type PriceKind, type TemplateRow, templateDetail, unableShopRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Modal, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { ShopMultiSelect } from '../../platform/shops';
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
  const detail = useQuery({
    queryKey: ['pricetemplate', kind, 'detail', template?.id],
    queryFn: ({ signal }) => http.read(templateDetail, api.detail(template?.id ?? 0), undefined, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const unable = useQuery({
    queryKey: ['pricetemplate', kind, 'unable', template?.id],
    queryFn: ({ signal }) => http.read(z.array(unableShopRow), api.unable, { templateId: template?.id }, { signal }),
    enabled: open,
    staleTime: 0,
  });
  const taken = useMemo(() => new Map((unable.data ?? []).map((u) => [u.shopId, u])), [unable.data]);
  const disabled = useMemo(() => new Set(taken.keys()), [taken]);

  useEffect(() => {
    if (open && detail.data) setValue(detail.data.shops.map((s) => s.shopId));
  }, [open, detail.data]);

  // 409 (a shop on another template, the template stopped, a price control): shown by the client
  const applying = useAction<TemplateRow>({
    run: (picked) => http.post(api.shops, { templateId: picked.id, shopIds: value }),
    success: () => t('pricing.template.appliedN', { count: value.length }),
    done: () => onClose(true),
  });
  const submit = () => (template ? applying.run(template) : undefined);

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
      confirmLoading={applying.busy}
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
