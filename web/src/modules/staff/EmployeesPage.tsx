import { DownOutlined, OrderedListOutlined, SwapOutlined, UploadOutlined, UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import type { EmployeeRow } from '@headoffice/contract';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AccountModal, BookingOrderDrawer, ImportModal, SkillLevelModal, StatusModal, TransferModal } from './actions';
import { type EmployeeVirtual, employeeDef } from './defs';

type Dialog =
  | { kind: 'transfer' | 'leave' | 'rejoin' | 'skill'; rows: EmployeeRow[]; done: () => void }
  | { kind: 'account'; row: EmployeeRow }
  | { kind: 'import' | 'order' }
  | null;

/** /admin/staff/employees — the employee register: filters, batch transfer / leave / return, import, booking order. */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('staff.employee.edit');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <ResourceList<EmployeeRow, EmployeeVirtual>
        def={employeeDef}
        selectable={canEdit}
        actionsWidth={canEdit ? 150 : 80}
        rowActions={(row) =>
          canEdit && row.status === 1 && !row.userId ? (
            <Button type="link" size="small" icon={<UserAddOutlined />} onClick={() => setDialog({ kind: 'account', row })}>
              {t('staff.employee.openAccount')}
            </Button>
          ) : null
        }
        toolbar={(ctx) =>
          canEdit ? (
            <>
              <Button
                icon={<SwapOutlined />}
                disabled={!ctx.selected.length}
                onClick={() => setDialog({ kind: 'transfer', rows: ctx.selected, done: ctx.clearSelection })}
              >
                {t('staff.employee.transfer')}
              </Button>
              <Dropdown
                disabled={!ctx.selected.length}
                menu={{
                  items: [
                    { key: 'leave', icon: <UserDeleteOutlined />, label: t('staff.employee.leave'), danger: true },
                    { key: 'rejoin', label: t('staff.employee.rejoin') },
                    { key: 'skill', label: t('staff.employee.setSkill') },
                  ],
                  onClick: ({ key }) =>
                    setDialog({ kind: key as 'leave' | 'rejoin' | 'skill', rows: ctx.selected, done: ctx.clearSelection }),
                }}
              >
                <Button>
                  {t('staff.employee.batch')} <DownOutlined />
                </Button>
              </Dropdown>
              <Button icon={<OrderedListOutlined />} onClick={() => setDialog({ kind: 'order' })}>
                {t('staff.employee.bookingOrder')}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
                {t('staff.employee.import')}
              </Button>
            </>
          ) : null
        }
      />
      {dialog?.kind === 'transfer' ? <TransferModal rows={dialog.rows} onClose={close} onDone={dialog.done} /> : null}
      {dialog?.kind === 'leave' || dialog?.kind === 'rejoin' ? (
        <StatusModal rows={dialog.rows} status={dialog.kind === 'leave' ? 0 : 1} onClose={close} onDone={dialog.done} />
      ) : null}
      {dialog?.kind === 'skill' ? <SkillLevelModal rows={dialog.rows} onClose={close} onDone={dialog.done} /> : null}
      {dialog?.kind === 'account' ? <AccountModal row={dialog.row} onClose={close} /> : null}
      {dialog?.kind === 'import' ? <ImportModal onClose={close} /> : null}
      {dialog?.kind === 'order' ? <BookingOrderDrawer onClose={close} /> : null}
    </>
  );
}
