import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ServiceRow } from '@headoffice/contract';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { centsToYuan, yuanToCents } from '../../platform/money';
import { MoneyCellInput } from '../../platform/resource/MoneyCellInput';
import { CHAIN, ShopSelect } from '../../platform/shops';
import { CardTypeSelect, PRICING } from '../pricing/public';

interface Line {
  key: number;
  cardTypeId: number | null;
  price: number | null; // yuan on screen
}

/** batchServiceCards: the same card prices on many services, chain-wide or in one shop. */
export function BatchCardsModal({ services, onClose }: { services: ServiceRow[] | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<number>(CHAIN);
  const [lines, setLines] = useState<Line[]>([{ key: 1, cardTypeId: null, price: null }]);
  const open = !!services;

  useEffect(() => {
    if (open) {
      setScope(CHAIN);
      setLines([{ key: 1, cardTypeId: null, price: null }]);
    }
  }, [open]);

  const valid =
    lines.length > 0 &&
    lines.every((l) => l.cardTypeId && l.price !== null) &&
    new Set(lines.map((l) => l.cardTypeId)).size === lines.length;
  const patch = (key: number, change: Partial<Line>) => setLines((cur) => cur.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const saving = useAction<ServiceRow[]>({
    run: (picked) =>
      http.post(PRICING.batchServiceCards, {
        serviceIds: picked.map((s) => s.id),
        shopId: scope === CHAIN ? null : scope,
        items: lines.map((l) => ({ cardTypeId: l.cardTypeId, price: yuanToCents(l.price) })),
      }),
    success: (_r, picked) => t('pricing.cardBatch.done', { count: picked.length }),
    done: () => onClose(true),
  });
  const submit = () => (services && valid ? saving.run(services) : undefined);

  return (
    <Modal
      open={open}
      title={t('pricing.cardBatch.title', { count: services?.length ?? 0 })}
      onCancel={() => onClose(false)}
      onOk={submit}
      okButtonProps={{ disabled: !valid }}
      confirmLoading={saving.busy}
      destroyOnHidden
      width={560}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('pricing.cardBatch.hint')} />
        <Space>
          <Typography.Text>{t('pricing.cardBatch.scope')}</Typography.Text>
          <ShopSelect withChain value={scope} onChange={(v) => setScope(v ?? CHAIN)} style={{ width: 280 }} />
        </Space>
        {lines.map((l) => (
          <Space key={l.key}>
            <CardTypeSelect
              value={l.cardTypeId}
              onChange={(v) => patch(l.key, { cardTypeId: v })}
              status={l.cardTypeId && lines.some((x) => x.key !== l.key && x.cardTypeId === l.cardTypeId) ? 'error' : undefined}
              style={{ width: 240 }}
            />
            <MoneyCellInput
              label={t('pricing.card.price')}
              placeholder={t('pricing.card.price')}
              cents={yuanToCents(l.price)}
              onChange={(cents) => patch(l.key, { price: centsToYuan(cents) })}
              style={{ width: 180 }}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('common.delete')}
              disabled={lines.length === 1}
              onClick={() => setLines((cur) => cur.filter((x) => x.key !== l.key))}
            />
          </Space>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => setLines((cur) => [...cur, { key: Date.now(), cardTypeId: null, price: null }])}>
          {t('pricing.card.add')}
        </Button>
      </Space>
    </Modal>
  );
}
