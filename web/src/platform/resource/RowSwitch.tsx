import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../action';
import { usePermission } from '../auth';
import { http } from '../http';
import { OptionTag } from './cells';
import { STATUS_OPTIONS } from './FieldInput';

/**
 * A status switch for rows whose status changes through another call than `{ids, status}`
 * (a user through updateUser, an employee's booking flag through editYystatus). Without the edit
 * permission it shows the tag.
 */
export function RowSwitch({
  value,
  perm,
  path,
  body,
  invalidate,
  labels,
}: {
  value: number;
  perm: string;
  path: string;
  body: (checked: 0 | 1) => Record<string, unknown>;
  /** Query key heads to refetch afterwards. */
  invalidate: string[];
  /** i18n keys of the on / off labels (default enabled / disabled). */
  labels?: [on: string, off: string];
}) {
  const { t } = useTranslation();
  const can = usePermission();
  const change = useAction<0 | 1>({
    run: (status) => http.post(path, body(status)),
    success: (_r, status) => (labels ? t('common.saved') : status ? t('common.enabledDone') : t('common.disabledDone')),
    invalidates: invalidate.map((head) => [head]),
  });
  const [on, off] = labels ?? ['common.enabled', 'common.disabled'];
  if (!can(perm)) {
    return (
      <OptionTag
        field={{
          key: 'status',
          title: '',
          type: 'status',
          options: labels
            ? {
                kind: 'static',
                items: [
                  { value: 1, label: on, color: 'green' },
                  { value: 0, label: off },
                ],
              }
            : STATUS_OPTIONS,
        }}
        value={value}
      />
    );
  }
  return (
    <Switch
      size="small"
      checked={value === 1}
      loading={change.busy}
      checkedChildren={t(on)}
      unCheckedChildren={t(off)}
      onChange={(checked) => change.run(checked ? 1 : 0)}
    />
  );
}
