import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { MemberRow } from '@headoffice/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../platform/auth';
import { ResourceList, type ResourceListProps } from '../../platform/resource/ResourceList';
import { FreezeModal, useUnfreeze } from './actions';
import { type MemberVirtual, memberDef } from './defs';

/** A member list with freeze / unfreeze: the chain's, or (with a def and fixed params) one shop's. */
export function MemberList(props: Partial<ResourceListProps<MemberRow, MemberVirtual>>) {
  const { t } = useTranslation();
  const can = usePermission();
  const canFreeze = can('members.member.freeze');
  const [freezing, setFreezing] = useState<{ rows: MemberRow[]; done: () => void } | null>(null);
  const unfreeze = useUnfreeze();
  return (
    <>
      <ResourceList<MemberRow, MemberVirtual>
        def={memberDef}
        selectable={canFreeze}
        actionsWidth={120}
        {...props}
        toolbar={(ctx) =>
          canFreeze ? (
            <Button
              icon={<LockOutlined />}
              disabled={!ctx.selected.length || ctx.selected.some((r) => r.status !== 1)}
              onClick={() => setFreezing({ rows: ctx.selected, done: ctx.clearSelection })}
            >
              {t('members.member.freeze')}
            </Button>
          ) : null
        }
        rowActions={(row) =>
          canFreeze && row.status === 2 ? (
            <Button
              type="link"
              size="small"
              icon={<UnlockOutlined />}
              loading={unfreeze.busyFor((id) => id === row.id)}
              onClick={() =>
                Modal.confirm({ title: t('members.member.unfreezeConfirm', { name: row.name }), onOk: () => unfreeze.run(row.id) })
              }
            >
              {t('members.member.unfreeze')}
            </Button>
          ) : null
        }
      />
      {freezing ? <FreezeModal rows={freezing.rows} onClose={() => setFreezing(null)} onDone={freezing.done} /> : null}
    </>
  );
}

/** /admin/members/list — the chain's members: search, filters, create/edit drawer, freeze/unfreeze. */
export default function MembersPage() {
  return <MemberList />;
}
