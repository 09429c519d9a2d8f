import { advisorOption, type MemberRow } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { P } from './defs';

const INVALIDATES = [['member'], ['member-shop'], ['member-relation'], ['member-detail']] as const;

/** Freeze the chosen members with a reason (≤ 200 characters). */
export function FreezeModal({ rows, onClose, onDone }: { rows: Pick<MemberRow, 'id'>[]; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ freezeMemo: string }>();
  const action = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(P.freeze, { memids: rows.map((r) => r.id), freezeMemo: v.freezeMemo.trim() });
    },
    success: 'members.member.frozenDone',
    invalidates: INVALIDATES,
    done: () => {
      onDone?.();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('members.member.freezeTitle', { count: rows.length })}
      onCancel={onClose}
      onOk={() => action.run()}
      confirmLoading={action.busy}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('members.member.freezeHelp')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="freezeMemo" label={t('members.member.freezeMemo')} rules={[{ required: true, whitespace: true }, { max: 200 }]}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Unfreeze one member after a confirmation. */
export function useUnfreeze() {
  return useAction<number>({
    run: (memid) => http.post(P.unfreeze, { memid }),
    success: 'members.member.unfrozenDone',
    invalidates: INVALIDATES,
  });
}

/** Assign one advisor to the chosen members. */
export function AdvisorModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ eeid: number }>();
  const options = useQuery({
    queryKey: ['member-relation', 'eelist'],
    queryFn: ({ signal }) => http.read(z.array(advisorOption), `${P.relationBases[0]}/eelistApp`, undefined, { signal }),
  });
  const action = useAction({
    run: async () => {
      const v = await form.validateFields();
      return http.post(`${P.relationBases[0]}/batchEdit`, { memids: ids, eeid: v.eeid });
    },
    success: 'members.relation.done',
    invalidates: INVALIDATES,
    done: () => {
      onDone?.();
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('members.relation.setAdvisorTitle', { count: ids.length })}
      onCancel={onClose}
      onOk={() => action.run()}
      confirmLoading={action.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="eeid" label={t('members.relation.pickEmployee')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={options.isLoading}
            options={(options.data ?? []).map((e) => ({
              value: e.id,
              label: `${e.name}（${e.eecode}${e.shopName ? ` · ${e.shopName}` : ''}）`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export { INVALIDATES };
