import { type ActionPreviewItem, actionPreview, type BillActionDef } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../http';
import { formatMoney } from '../money';
import { useLabel } from './labels';

/** How an action that takes a reason asks for it: its name, the text's length, its preset reasons, its preview. */
export interface ReasonAsk {
  /** The action's name as the buttons show it. */
  name: string;
  memoMax?: number;
  presets?: BillActionDef['presets'];
  /** The URL of its preview (`GET ?id=`, `actionPreview`). */
  preview?: string;
}

type Values = { memo?: string; preset?: string };

/** The preview's items, one line each: what, of what, how much. */
function PreviewList({ items }: { items: ActionPreviewItem[] }) {
  const label = useLabel();
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {items.map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the preview's items are positional
        <li key={n}>
          {label(i.what)}: {i.detail}
          {i.amount === null ? '' : ` ${formatMoney(i.amount)}`}
        </li>
      ))}
    </ul>
  );
}

/** What the action will undo by itself and what must be refunded by hand, read before it is confirmed. */
function ActionPreviewView({ url, billId, action }: { url: string; billId: number; action: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['action-preview', url, billId],
    queryFn: ({ signal }) => http.read(actionPreview, url, { id: billId }, { signal }),
    staleTime: 0,
  });
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (!q.data) return null;
  return (
    <div data-testid="action-preview" style={{ marginBottom: 16 }}>
      <Alert
        type="info"
        showIcon
        title={t('bill.previewUndone', { action })}
        description={q.data.undone.length ? <PreviewList items={q.data.undone} /> : t('bill.previewNothing')}
      />
      {q.data.byHand.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={t('bill.previewByHand')}
          description={<PreviewList items={q.data.byHand} />}
        />
      ) : null}
    </div>
  );
}

/**
 * The dialog of an action on one bill that takes a reason (撤单): what it will do (its preview), its
 * preset reasons and the free text, which is required unless a preset is chosen (and still after a
 * preset that asks for it, 其他). `send` gets the text and the preset; true closes the dialog.
 */
export function ActionReasonModal({
  ask,
  bill,
  onClose,
  send,
}: {
  /** The action asked for; null: the dialog is closed. */
  ask: ReasonAsk | null;
  bill: { id: number; billNo?: unknown };
  onClose: () => void;
  send: (memo: string | undefined, preset: string | undefined) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const [form] = Form.useForm<Values>();
  const presets = ask?.presets;
  const textNeeded = (preset: string | undefined) => !preset || (presets?.textFor ?? []).includes(preset);
  return (
    <Modal
      open={ask !== null}
      title={ask ? t('bill.memoTitle', { action: ask.name, billNo: bill.billNo }) : ''}
      okText={ask?.name}
      okButtonProps={{ danger: true }}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields().catch(() => null);
        if (!v || !ask) return;
        if (await send(v.memo?.trim() || undefined, v.preset)) {
          form.resetFields();
          onClose();
        }
      }}
    >
      {ask?.preview ? <ActionPreviewView url={ask.preview} billId={bill.id} action={ask.name} /> : null}
      <Form form={form} layout="vertical" preserve={false}>
        {presets ? (
          <Form.Item name="preset" label={t('bill.presetReason')}>
            <Radio.Group
              optionType="button"
              size="small"
              options={Object.entries(presets.options).map(([value, l]) => ({ value, label: label(l) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="memo"
          label={presets ? t('bill.memoNote') : t('bill.memoOf', { action: ask?.name ?? '' })}
          dependencies={presets ? ['preset'] : []}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, v: string | undefined) => {
                if (v?.trim() || !textNeeded(getFieldValue('preset'))) return;
                throw new Error(presets ? t('bill.presetOrMemo') : t('common.pleaseEnter', { label: t('bill.memoOf', { action: '' }) }));
              },
            }),
          ]}
        >
          <Input.TextArea rows={presets ? 2 : 3} maxLength={ask?.memoMax ?? 500} showCount placeholder={t('bill.memoPh')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
