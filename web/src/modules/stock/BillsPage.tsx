import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { StockBillRow } from '@headoffice/contract';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { useTab } from '../../platform/pages';
import { ResourceList } from '../../platform/resource/ResourceList';
import { BILL_TYPES, type BillKind } from './api';
import { BillForm } from './BillForm';
import { billDef } from './defs';
import { LocationSelect, locationParams } from './shared';

/** The list of stock entries or stock outs (one component for both): filters, lines summary, new bill. */
function BillsPage({ kind }: { kind: BillKind }) {
  const { t } = useTranslation();
  const tab = useTab();
  const can = usePermission();
  const cfg = BILL_TYPES[kind];
  const { open } = tab;
  const def = useMemo(() => billDef(cfg.type, (id) => open(`${cfg.menu}/${id}`)), [cfg.type, cfg.menu, open]);
  const [location, setLocation] = useState<number | undefined>();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList<StockBillRow, 'dateRange' | 'productId' | 'lines'>
        def={def}
        fixedParams={locationParams(location)}
        hideCreate
        actionsWidth={90}
        toolbar={() => (
          <>
            <LocationSelect
              value={location}
              onChange={setLocation}
              allowClear
              placeholder={t('stock.balance.allLocations')}
              style={{ width: 200 }}
            />
            {can(`${cfg.perm}.edit`) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t(cfg.type === '1' ? 'stock.newEntry' : 'stock.newOut')}
              </Button>
            ) : null}
          </>
        )}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => tab.open(`${cfg.menu}/${row.id}`)}>
            {t('common.detail')}
          </Button>
        )}
      />
      <BillForm type={cfg.type} open={creating} onClose={() => setCreating(false)} onSaved={(id) => tab.open(`${cfg.menu}/${id}`)} />
    </>
  );
}

export const EntriesPage = () => <BillsPage kind="entries" />;
export const OutsPage = () => <BillsPage kind="outs" />;
