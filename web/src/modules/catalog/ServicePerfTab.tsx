import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { perfRatio, type ServiceRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, InputNumber, Popconfirm, Skeleton, Slider, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { formatMoney } from '../../platform/money';
import { PRICING } from '../pricing/public';
import { formatRatio } from './serviceDef';

/** Percent with two decimals on screen ⇄ basis points on the wire. */
const toPercent = (bp: number | null | undefined) => (bp === null || bp === undefined ? null : bp / 100);
const toBp = (pct: number | null) => (pct === null ? null : Math.round(pct * 100));

/** Performance ratio of a service: the share of the price that counts as the employee's performance. */
export function ServicePerfTab({ service, onChanged }: { service: ServiceRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('catalog.service.edit') || can('pricing.serviceprice.edit');
  const q = useQuery({
    queryKey: ['service', 'perf', service.id],
    queryFn: ({ signal }) => http.read(perfRatio, PRICING.queryPerfRatio(service.id), undefined, { signal }),
  });
  const [pct, setPct] = useState<number | null>(null);
  const saving = useAction<number>({
    run: (ratio) => http.post(PRICING.savePerfRatio, { serviceId: service.id, ratio }),
    success: 'common.saved',
    invalidates: [['service', 'perf', service.id]],
    done: onChanged,
  });
  const clearing = useAction({
    run: () => http.get(PRICING.deletePerfRatio(service.id)),
    success: 'common.deleted',
    invalidates: [['service', 'perf', service.id]],
    done: onChanged,
  });
  const busy = saving.busy || clearing.busy;

  useEffect(() => {
    if (q.data) setPct(toPercent(q.data.perfRatio));
  }, [q.data]);

  if (q.isLoading) return <Skeleton active />;
  const stored = q.data?.perfRatio ?? null;
  const bp = toBp(pct);
  const example = bp === null ? null : Math.round((service.basePrice * bp) / 10_000);

  const save = () => (bp === null ? undefined : saving.run(bp));
  const remove = () => clearing.run();

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <Alert type="info" showIcon title={t('catalog.perf.hint')} />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'current', label: t('catalog.perf.current'), children: stored === null ? t('catalog.perf.notSet') : formatRatio(stored) },
          { key: 'base', label: t('catalog.service.basePrice'), children: formatMoney(service.basePrice) },
        ]}
      />
      <Card size="small" type="inner" title={t('catalog.perf.set')}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap align="center">
            <InputNumber<number>
              aria-label={t('catalog.service.perfRatio')}
              value={pct}
              min={0}
              max={100}
              precision={2}
              step={1}
              suffix="%"
              disabled={!canEdit}
              onChange={(v) => setPct(v)}
              style={{ width: 160 }}
            />
            <Slider min={0} max={100} step={1} value={pct ?? 0} disabled={!canEdit} onChange={(v) => setPct(v)} style={{ width: 280 }} />
          </Space>
          {example !== null ? (
            <Typography.Text type="secondary">
              {t('catalog.perf.example', { price: formatMoney(service.basePrice), perf: formatMoney(example) })}
            </Typography.Text>
          ) : null}
          {canEdit ? (
            <Space>
              <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={bp === null || bp === stored} onClick={save}>
                {t('common.save')}
              </Button>
              <Popconfirm
                title={t('catalog.perf.clearConfirm')}
                onConfirm={remove}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
              >
                <Button icon={<DeleteOutlined />} disabled={stored === null} loading={busy}>
                  {t('catalog.perf.clear')}
                </Button>
              </Popconfirm>
            </Space>
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
