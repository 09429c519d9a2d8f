import { DisconnectOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { RelationRow } from '@headoffice/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { usePermission } from '../../platform/auth';
import { http } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AdvisorModal, INVALIDATES } from './actions';
import { P, type RelationVirtual, relationDef } from './defs';

/** /admin/members/relations — members and their advisors (客情归属): who to call, and who calls. */
export default function RelationsPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const canEdit = can('members.relation.edit');
  const [assigning, setAssigning] = useState<{ ids: number[]; done: () => void } | null>(null);
  const remove = useAction<{ ids: number[]; done: () => void }>({
    run: ({ ids }) => http.post(`${P.relationBases[0]}/removeUserinfo`, { memids: ids }),
    success: 'members.relation.done',
    invalidates: INVALIDATES,
    done: (_r, v) => v.done(),
  });
  return (
    <>
      <ResourceList<RelationRow, RelationVirtual>
        def={relationDef}
        selectable={canEdit}
        toolbar={(ctx) =>
          canEdit ? (
            <>
              <Button
                icon={<UserSwitchOutlined />}
                disabled={!ctx.selected.length}
                onClick={() => setAssigning({ ids: ctx.selected.map((r) => r.id), done: ctx.clearSelection })}
              >
                {t('members.relation.setAdvisor')}
              </Button>
              <Button
                icon={<DisconnectOutlined />}
                disabled={!ctx.selected.length}
                loading={remove.busy}
                onClick={() =>
                  Modal.confirm({
                    title: t('members.relation.removeConfirm', { count: ctx.selected.length }),
                    onOk: () => remove.run({ ids: ctx.selected.map((r) => r.id), done: ctx.clearSelection }),
                  })
                }
              >
                {t('members.relation.remove')}
              </Button>
            </>
          ) : null
        }
      />
      {assigning ? <AdvisorModal ids={assigning.ids} onClose={() => setAssigning(null)} onDone={assigning.done} /> : null}
    </>
  );
}
