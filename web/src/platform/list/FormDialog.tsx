import { Form, type FormInstance, Modal } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useAction } from '../action';
import { showFieldErrors } from '../forms';
import type { InvalidateTarget } from '../resource/invalidate';

/**
 * The editor of one row in a dialog (a new one or an existing one): open while `open`, the form's
 * items as `children` with `initialValues`; OK validates the form, `send` gets its values, and on
 * success the message, the refetch of `invalidates` and `onClose` follow. The form is dropped when
 * the dialog closes, so the next opening starts from its initial values again. A page that watches
 * its fields passes its own `form`. `success` may read the answer (the bill number a save made). A refused
 * save's field errors (a 409 naming a taken name) show on their fields.
 */
// A long form scrolls inside the dialog, so OK stays on screen at 1366×768.
const fitsTheScreen: CSSProperties = { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto' };

export function FormDialog<V extends object, T = unknown>({
  open,
  title,
  width,
  className,
  form,
  initialValues,
  send,
  success = 'common.saved',
  invalidates,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width?: number;
  /** The dialog's class (tests and pages find it by this). */
  className?: string;
  form?: FormInstance<V>;
  initialValues: Partial<V>;
  send: (values: V) => Promise<T>;
  /** i18n key of the success message, or the text made from the answer. */
  success?: string | ((result: T) => string | null);
  invalidates: readonly InvalidateTarget[];
  onClose: () => void;
  children: ReactNode;
}) {
  const [f] = Form.useForm<V>(form);
  const save = useAction({
    run: async () => send(await f.validateFields()),
    success,
    invalidates,
    done: onClose,
    failed: (error) => showFieldErrors(f, error),
  });
  return (
    <Modal
      open={open}
      width={width}
      className={className}
      title={title}
      onCancel={onClose}
      onOk={() => save.run()}
      confirmLoading={save.busy}
      destroyOnHidden
      styles={{ body: fitsTheScreen }}
    >
      <Form form={f} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </Modal>
  );
}
