import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useAction } from '../action';
import type { InvalidateTarget } from '../resource/invalidate';

type Values = Record<string, unknown>;

/**
 * The dialog of a write on one row of a list that needs a reason (a refund, a revoke, a move): open
 * while `row` is set, the reason required, the page's own fields (`children`) above it. `send` gets
 * the row and the form's values; on success the dialog closes and its form is cleared.
 */
export function ReasonDialog<R, T>({
  row,
  title,
  label,
  name = 'reason',
  maxLength = 200,
  rows = 3,
  okText,
  danger,
  onClose,
  send,
  success,
  invalidates,
  done,
  children,
}: {
  row: R | null;
  title: string;
  /** The reason's label (translated). */
  label: string;
  /** The reason's name in the form's values. */
  name?: string;
  maxLength?: number;
  /** Lines of the reason's box; 0: one line. */
  rows?: number;
  okText?: string;
  danger?: boolean;
  onClose: () => void;
  send: (row: R, values: Values) => Promise<T>;
  /** i18n key of the success message, or the message itself from the result (null: none). */
  success: string | ((result: T) => string | null);
  invalidates: readonly InvalidateTarget[];
  done?: (result: T) => void;
  children?: ReactNode;
}) {
  const [form] = Form.useForm<Values>();
  const action = useAction({
    run: async () => send(row as R, await form.validateFields()),
    success,
    invalidates,
    done: (result: T) => {
      onClose();
      form.resetFields();
      done?.(result);
    },
  });
  return (
    <Modal
      open={row !== null}
      title={title}
      onCancel={onClose}
      onOk={() => action.run()}
      okText={okText}
      okButtonProps={{ danger }}
      confirmLoading={action.busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {children}
        <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, max: maxLength }]}>
          {rows ? <Input.TextArea maxLength={maxLength} rows={rows} /> : <Input maxLength={maxLength} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
