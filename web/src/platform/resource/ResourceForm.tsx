import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Drawer, Form, Row, Space } from 'antd';
import { cloneElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../action';
import { http, isApiError } from '../http';
import { FieldInput } from './FieldInput';
import { confirmZeroPrice, moneyRule } from './money';
import type { BaseRow, FieldSpec, ResourceDef } from './types';
import { errorField, formFields, toFormValues, toSaveBody, typeOf, zeroMoneyFields } from './values';

export interface ResourceFormProps<R extends BaseRow, X extends string> {
  def: ResourceDef<R, X>;
  open: boolean;
  /** The row to edit; null or undefined: create. */
  row?: R | null;
  /** Values a new record starts with (e.g. the parent chosen in a tree). */
  initialValues?: Record<string, unknown>;
  /** The drawer's title when it creates: the words of the button that opened it (新建大区), instead of 新建区域. */
  createTitle?: string;
  onClose: () => void;
  onSaved?: (saved: unknown) => void;
}

/** Answer of getCode / getMaxId: a plain string or `{ nextCode }`. */
export function pickNextCode(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (typeof data === 'number') return String(data);
  if (data && typeof data === 'object' && 'nextCode' in data) {
    const v = (data as { nextCode: unknown }).nextCode;
    return v === null || v === undefined ? null : String(v);
  }
  return null;
}

/** The drawer form of a resource, driven by the same column spec as the list. */
export function ResourceForm<R extends BaseRow, X extends string>({
  def,
  open,
  row,
  initialValues,
  createTitle,
  onClose,
  onSaved,
}: ResourceFormProps<R, X>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // a partial row (e.g. from a tree) is completed from the detail route before editing
  const fresh = useQuery({
    queryKey: [def.key, 'edit', row?.id],
    queryFn: ({ signal }) => http.get<R>(def.detailPath?.(row?.id ?? 0) ?? '', undefined, { signal }),
    enabled: open && !!row && !!def.detailPath,
    staleTime: 0,
    gcTime: 0,
  });
  const waiting = open && !!row && !!def.detailPath && !fresh.data;
  const current = useMemo<R | null>(
    () => (row ? (def.detailPath ? (fresh.data ? { ...row, ...fresh.data } : null) : row) : null),
    [row, def, fresh.data],
  );
  const editing = !!row;
  const fields = useMemo(() => formFields(def), [def]);
  const width = def.formWidth ?? 520;
  const twoColumns = width >= 640;

  const initial = useMemo(
    () => (open && !waiting ? { ...toFormValues(def, current), ...(row ? {} : initialValues), id: row?.id } : {}),
    [open, waiting, row, current, def, initialValues],
  );

  // The form instance outlives the drawer's content: start every opening from this record's values,
  // not from what the previous opening left in the store.
  useEffect(() => {
    if (!open || waiting) return;
    form.resetFields();
    form.setFieldsValue(initial);
  }, [open, waiting, initial, form]);

  useEffect(() => {
    if (!open) return;
    setFormErrors([]);
    const codeField = def.nextCodeField ?? 'code';
    if (!row && def.nextCodePath && fields.some((f) => f.key === codeField)) {
      let live = true;
      http
        .get<unknown>(def.nextCodePath, undefined, { quiet: true })
        .then((data) => {
          const code = pickNextCode(data);
          if (live && code && !form.getFieldValue(codeField)) form.setFieldsValue({ [codeField]: code });
        })
        .catch(() => undefined);
      return () => {
        live = false;
      };
    }
    return undefined;
  }, [open, row, def, form, fields]);

  const save = useAction<Record<string, unknown>, unknown>({
    run: (values) => {
      setFormErrors([]);
      const body = toSaveBody(def, values, current ?? row);
      const path = (row ? def.updatePath : undefined) ?? def.savePath ?? def.basePath;
      return http.post<unknown>(path, body);
    },
    success: 'common.saved',
    invalidates: [def],
    done: (saved) => {
      onSaved?.(saved);
      onClose();
    },
    failed: (e) => {
      if (!isApiError(e) || !e.errors.length) return;
      const byField = new Map<string, string[]>();
      const rest: string[] = [];
      for (const err of e.errors) {
        const name = errorField(def, err.path);
        if (name) byField.set(name, [...(byField.get(name) ?? []), err.message]);
        else rest.push(err.path ? `${err.path}: ${err.message}` : err.message);
      }
      form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      setFormErrors(rest);
    },
  });

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd shows the field errors
    }
    const zeros = zeroMoneyFields(def, values, current ?? row);
    if (zeros.length && !(await confirmZeroPrice(zeros.map((f) => t(f.title))))) return;
    await save.run(values);
  };

  const item = (f: FieldSpec<R, X>) => {
    const spec = f.form || {};
    const type = typeOf(f);
    const label = t(f.title);
    const rules = [
      ...(spec.required
        ? [
            {
              required: true,
              message: ['select', 'treeSelect', 'cascader', 'date', 'time', 'image', 'images'].includes(type)
                ? t('common.pleaseSelect', { label })
                : t('common.pleaseEnter', { label }),
            },
          ]
        : []),
      ...(type === 'text' && spec.maxLength ? [{ max: spec.maxLength, message: t('common.tooLong', { max: spec.maxLength }) }] : []),
      ...(type === 'money' ? [moneyRule(label)] : []),
      ...(spec.rules ?? []),
    ];
    const span = spec.span ?? (twoColumns && !['textarea', 'images'].includes(type) ? 12 : 24);
    const node = (
      <Form.Item
        name={f.key as string}
        label={label}
        rules={rules}
        tooltip={spec.help ? t(spec.help) : undefined}
        valuePropName={type === 'status' || type === 'switch' ? 'checked' : 'value'}
        validateDebounce={spec.validateDebounce}
      >
        {spec.input ? (
          cloneElement(spec.input(row ?? undefined), spec.disabledOnEdit && editing ? { disabled: true } : {})
        ) : (
          <FieldInput field={f} mode="form" disabled={spec.disabledOnEdit && editing} />
        )}
      </Form.Item>
    );
    if (!spec.visible) {
      return (
        <Col key={f.key} span={span}>
          {node}
        </Col>
      );
    }
    const visible = spec.visible;
    return (
      <Form.Item key={f.key} noStyle shouldUpdate>
        {({ getFieldsValue }) =>
          visible(getFieldsValue(true) as Record<string, unknown>, row ?? undefined) ? <Col span={span}>{node}</Col> : null
        }
      </Form.Item>
    );
  };

  const name = t(def.title);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={width}
      destroyOnHidden
      title={editing ? t('common.editX', { name }) : (createTitle ?? t('common.createX', { name }))}
      mask={{ closable: false }}
      loading={waiting && !fresh.isError}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.busy} disabled={waiting} onClick={submit}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {waiting ? null : formErrors.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={formErrors.join('；')} />
      ) : null}
      {waiting ? null : (
        <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} scrollToFirstError>
          <Form.Item name="id" hidden noStyle>
            <input type="hidden" />
          </Form.Item>
          <Row gutter={16}>{fields.map(item)}</Row>
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
    </Drawer>
  );
}
