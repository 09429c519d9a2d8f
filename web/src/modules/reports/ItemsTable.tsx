import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { REPORT_DICT_URL, REPORT_LINK, reportFieldTypeLabels, reportFieldTypes } from '@headoffice/contract';
import { Button, Checkbox, Form, Input, InputNumber, Select, Table, type TableColumnsType, Tooltip } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLabel } from '../../platform/bills/labels';
import { fitTitle } from '../../platform/resource/titleWidth';
import { type ItemDraft, newItem, nextSort } from './items';

/** The switches of a column, each a checkbox of its own column in the table. */
const SWITCHES = ['isShow', 'isSearch', 'isRange', 'isOrder', 'isFixed', 'isNonull', 'isSum'] as const;

const FIELD_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** The contract's check of a choice's options path (`reportDict.url`). */
const DICT_URL_EXAMPLE = '/api-chain/shop/list/all';
const LINK_EXAMPLE = '/admin/cashier/servicerecords/:bill_id';

const cell = { style: { margin: 0 } };

/**
 * The report's columns as an editable table (the form's list `items`): one row per column, every setting in its
 * cell, red where the form or the server refused it. `roles` are the options of the roles' pickers.
 */
export function ItemsTable({ roles, rolesLoading }: { roles: { value: number; label: string }[]; rolesLoading: boolean }) {
  const { t } = useTranslation();
  const label = useLabel();
  const k = (key: string) => t(`reports.item.${key}`);
  const form = Form.useFormInstance();
  const typeOptions = reportFieldTypes.map((type) => ({ value: type, label: label(reportFieldTypeLabels[type]) }));

  return (
    <Form.List name="items">
      {(fields, { add, remove }) => {
        const plain = (field: FormListFieldData, key: keyof ItemDraft, input: ReactNode) => (
          <Form.Item name={[field.name, key]} {...cell}>
            {input}
          </Form.Item>
        );
        const columns: TableColumnsType<FormListFieldData> = [
          {
            title: k('fieldName'),
            key: 'fieldName',
            width: 150,
            fixed: 'left',
            render: (_, field) => (
              <Form.Item
                name={[field.name, 'fieldName']}
                {...cell}
                rules={[
                  { required: true, message: t('common.pleaseEnter', { label: k('fieldName') }) },
                  { pattern: FIELD_NAME, message: k('fieldNameRule') },
                ]}
              >
                <Input aria-label={k('fieldName')} maxLength={63} />
              </Form.Item>
            ),
          },
          {
            title: k('fieldTxt'),
            key: 'fieldTxt',
            width: 130,
            render: (_, field) => (
              <Form.Item
                name={[field.name, 'fieldTxt']}
                {...cell}
                rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { label: k('fieldTxt') }) }]}
              >
                <Input aria-label={k('fieldTxt')} maxLength={40} />
              </Form.Item>
            ),
          },
          {
            title: k('fieldType'),
            key: 'fieldType',
            width: 120,
            render: (_, field) => plain(field, 'fieldType', <Select aria-label={k('fieldType')} options={typeOptions} />),
          },
          {
            title: k('fieldWidth'),
            key: 'fieldWidth',
            width: 90,
            render: (_, field) => plain(field, 'fieldWidth', <InputNumber aria-label={k('fieldWidth')} min={40} max={600} precision={0} />),
          },
          {
            title: k('fieldGroup'),
            key: 'fieldGroup',
            width: 110,
            render: (_, field) => plain(field, 'fieldGroup', <Input aria-label={k('fieldGroup')} maxLength={20} />),
          },
          {
            title: k('link'),
            key: 'link',
            width: 200,
            render: (_, field) => (
              <Form.Item name={[field.name, 'link']} {...cell} rules={[{ pattern: REPORT_LINK, message: k('linkRule') }]}>
                <Input aria-label={k('link')} placeholder={t('reports.item.linkPh', { example: LINK_EXAMPLE })} maxLength={200} />
              </Form.Item>
            ),
          },
          ...SWITCHES.map((key) => ({
            title: k(key),
            key,
            width: fitTitle(64, k(key), false),
            align: 'center' as const,
            render: (_: unknown, field: FormListFieldData) => (
              <Form.Item name={[field.name, key]} valuePropName="checked" {...cell}>
                <Checkbox aria-label={k(key)} />
              </Form.Item>
            ),
          })),
          {
            title: k('dict'),
            key: 'dict',
            children: [
              {
                title: k('dictUrl'),
                key: 'dictUrl',
                width: 210,
                render: (_: unknown, field: FormListFieldData) => (
                  <Form.Item
                    name={[field.name, 'dict', 'url']}
                    {...cell}
                    rules={[{ pattern: REPORT_DICT_URL, message: t('reports.item.dictUrlRule', { example: DICT_URL_EXAMPLE }) }]}
                  >
                    <Input aria-label={k('dictUrl')} placeholder={k('dictUrlPh')} maxLength={200} />
                  </Form.Item>
                ),
              },
              ...(['label', 'value'] as const).map((part) => ({
                title: k(part === 'label' ? 'dictLabel' : 'dictValue'),
                key: `dict.${part}`,
                width: 100,
                render: (_: unknown, field: FormListFieldData) => (
                  <Form.Item
                    name={[field.name, 'dict', part]}
                    {...cell}
                    dependencies={[['items', field.name, 'dict', 'url']]}
                    rules={[
                      {
                        // the label and value keys are needed once the options have a path to come from
                        validator: async (_rule, value: string | undefined) => {
                          const url = form.getFieldValue(['items', field.name, 'dict', 'url']) as string | undefined;
                          if (url?.trim() && !value?.trim())
                            throw new Error(t('common.pleaseEnter', { label: k(part === 'label' ? 'dictLabel' : 'dictValue') }));
                        },
                      },
                    ]}
                  >
                    <Input aria-label={k(part === 'label' ? 'dictLabel' : 'dictValue')} maxLength={40} />
                  </Form.Item>
                ),
              })),
            ],
          },
          {
            title: k('fieldRole'),
            key: 'fieldRole',
            width: 180,
            render: (_, field) =>
              plain(
                field,
                'fieldRole',
                <Select
                  mode="multiple"
                  allowClear
                  maxTagCount="responsive"
                  aria-label={k('fieldRole')}
                  placeholder={k('fieldRolePh')}
                  loading={rolesLoading}
                  options={roles}
                  showSearch={{ optionFilterProp: 'label' }}
                />,
              ),
          },
          {
            title: k('sort'),
            key: 'sort',
            width: 90,
            render: (_, field) => plain(field, 'sort', <InputNumber aria-label={k('sort')} min={0} max={9999} precision={0} />),
          },
          {
            title: k('actions'),
            key: 'actions',
            width: 60,
            fixed: 'right',
            render: (_, field) => (
              <Tooltip title={k('remove')}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={k('remove')} onClick={() => remove(field.name)} />
              </Tooltip>
            ),
          },
        ];
        return (
          <>
            <Table<FormListFieldData>
              size="small"
              bordered
              rowKey="key"
              dataSource={fields}
              columns={columns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('reports.editor.noItems') }}
              data-testid="report-items"
            />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              onClick={() => add(newItem('', 'text', nextSort(form.getFieldValue('items') ?? [])))}
            >
              {t('reports.editor.addItem')}
            </Button>
          </>
        );
      }}
    </Form.List>
  );
}
