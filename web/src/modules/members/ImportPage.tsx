import { UploadOutlined } from '@ant-design/icons';
import { shopListPath, shopPick } from '@headoffice/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { http } from '../../platform/http';
import { ImportModal } from '../../platform/resource/ImportModal';
import { invalidate } from '../../platform/resource/invalidate';
import { ResourceList } from '../../platform/resource/ResourceList';
import { importLogDef, P } from './defs';

/** /admin/members/import — import members into a shop (all rows or none), and the log of imports. */
export default function ImportPage() {
  const { t } = useTranslation();
  const shops = useQuery({
    queryKey: ['shop', 'all'],
    queryFn: ({ signal }) => http.read(z.array(shopPick), shopListPath, undefined, { signal }),
  });
  const [shop, setShop] = useState<number | undefined>();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<1 | 2 | 3>(1);
  const qc = useQueryClient();
  const refresh = () => void invalidate(qc, [['member-import-log'], ['member'], ['member-shop']]);
  useEffect(() => {
    if (shop === undefined && shops.data?.length) setShop(shops.data[0].id);
  }, [shop, shops.data]);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('members.import.title')}>
        <Alert type="info" showIcon title={t('members.import.hint')} style={{ marginBottom: 16 }} />
        <Form layout="inline">
          <Form.Item label={t('members.import.shop')}>
            <Select
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              value={shop}
              onChange={setShop}
              options={(shops.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item label={t('members.import.type')}>
            <Select
              style={{ width: 440 }}
              value={type}
              onChange={setType}
              options={[
                { value: 1, label: t('members.import.typeMembers') },
                { value: 2, label: t('members.import.typeCards') },
                { value: 3, label: t('members.import.typePackages') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" icon={<UploadOutlined />} disabled={!shop} onClick={() => setOpen(true)}>
              {t('members.import.start')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <ResourceList def={importLogDef} title={t('members.import.logs')} hideSearch hideCreate />
      {shop ? (
        <ImportModal
          open={open}
          onClose={() => {
            setOpen(false);
            refresh();
          }}
          entity="members.import.entity"
          templatePath={`${P.importTemplate}?type=${type}`}
          templateMethod="GET"
          importPath={`${P.import}?shopid=${shop}&type=${type}`}
          onDone={refresh}
        />
      ) : null}
    </Space>
  );
}
