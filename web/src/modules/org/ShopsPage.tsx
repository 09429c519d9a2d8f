import { EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTab } from '../../platform/pages';
import { ResourceList } from '../../platform/resource/ResourceList';
import { shopDef } from './defs';
import type { ShopRow } from './types';

/** /admin/org/shops — every shop of the chain, with filters, export and the shop form. */
export default function ShopsPage() {
  const { t } = useTranslation();
  const tab = useTab();
  return (
    <ResourceList<ShopRow, 'keyword' | 'pca' | 'hours'>
      def={shopDef}
      actionsWidth={190}
      rowActions={(row) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => tab.open(`/admin/org/shops/${row.id}`)}>
          {t('common.detail')}
        </Button>
      )}
    />
  );
}
