import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTab } from '../../platform/pages';
import { ResourceList } from '../../platform/resource/ResourceList';
import { NotFoundResult } from '../../platform/results';
import { DICTS, isDictEntity } from './dictionaries';
import type { DictRow } from './types';

/** /admin/org/dict/:entity — one page for every organisation dictionary. */
export default function DictPage() {
  const { t } = useTranslation();
  const { params } = useTab();
  const entity = params.entity ?? '';
  if (!isDictEntity(entity)) return <NotFoundResult />;
  const d = DICTS[entity];
  return (
    <ResourceList<DictRow, 'keyword' | 'level'>
      key={entity}
      def={d.def}
      tree={d.tree}
      actionsWidth={d.tree ? 240 : 140}
      rowActions={
        d.tree
          ? (row, ctx) =>
              !row.parentId && ctx.canEdit ? (
                <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => ctx.openCreate({ parentId: row.id })}>
                  {t('dict.addChild')}
                </Button>
              ) : null
          : undefined
      }
    />
  );
}
