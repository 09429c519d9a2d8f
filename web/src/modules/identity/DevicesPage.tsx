import { SafetyOutlined } from '@ant-design/icons';
import { deviceSettings } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { API, type DeviceRow } from './api';
import { deviceDef } from './defs';

/** The tenant switch: the cashier signs in only on a bound device. */
function DeviceSettings() {
  const { t } = useTranslation();
  const can = usePermission();
  const q = useQuery({
    queryKey: ['device', 'settings'],
    queryFn: ({ signal }) => http.read(deviceSettings, API.deviceSettings, undefined, { signal, quiet: ['403'] }),
  });
  const saving = useAction<boolean>({
    run: (checked) => http.post(API.deviceSettings, { requireBoundDevice: checked }),
    success: 'common.saved',
    invalidates: [['device', 'settings']],
  });
  const on = !!q.data?.requireBoundDevice;
  return (
    <Card size="small" style={{ marginBottom: 12 }}>
      <Space align="start" size={16} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space align="start" size={12}>
          <SafetyOutlined style={{ fontSize: 22, color: on ? '#2f54eb' : '#bfbfbf', marginTop: 2 }} />
          <div>
            <Typography.Text strong>{t('identity.device.requireBound')}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {on ? t('identity.device.requireBoundOn') : t('identity.device.requireBoundOff')}
              </Typography.Text>
            </div>
          </div>
        </Space>
        <Switch
          aria-label={t('identity.device.requireBound')}
          checked={on}
          loading={q.isLoading || saving.busy}
          disabled={!can('identity.device.edit')}
          checkedChildren={t('identity.device.on')}
          unCheckedChildren={t('identity.device.off')}
          onChange={(checked) => saving.run(checked)}
        />
      </Space>
    </Card>
  );
}

/** /admin/system/devices — cashier devices bound to shops. */
export default function DevicesPage() {
  return (
    <>
      <DeviceSettings />
      <ResourceList<DeviceRow, 'keyword'> def={deviceDef} />
    </>
  );
}
