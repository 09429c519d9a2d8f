import { Cascader, DatePicker, Input, InputNumber, Select, Switch, TimePicker, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS } from '../clock';
import { ImageUpload } from './ImageUpload';
import { useOptions } from './options';
import type { FieldSpec, OptionSource } from './types';

export const STATUS_OPTIONS: OptionSource = {
  kind: 'static',
  items: [
    { value: 1, label: 'common.enabled', color: 'green' },
    { value: 0, label: 'common.disabled', color: 'default' },
  ],
};

export const statusSource = <R, X extends string>(f: FieldSpec<R, X>): OptionSource => f.options ?? STATUS_OPTIONS;

interface Props<R, X extends string> {
  field: FieldSpec<R, X>;
  mode: 'form' | 'search';
  disabled?: boolean;
  /** value / onChange / checked injected by Form.Item */
  [injected: string]: unknown;
}

/** The input for one field of a column spec, in the edit form or the search form. */
export function FieldInput<R, X extends string>({ field, mode, disabled, ...control }: Props<R, X>) {
  const { t } = useTranslation();
  const searchSpec = typeof field.search === 'object' ? field.search : undefined;
  const type = (mode === 'search' ? searchSpec?.type : undefined) ?? field.type ?? 'text';
  const spec = mode === 'form' && field.form ? field.form : {};
  const source = type === 'status' ? statusSource(field) : field.options;
  const { options, tree, area, loading } = useOptions(source);
  const phKey = (mode === 'search' ? searchSpec?.placeholder : undefined) ?? spec.placeholder;
  const label = t(field.title);
  const choose = phKey ? t(phKey) : t('common.pleaseSelect', { label });
  const enter = phKey ? t(phKey) : t('common.pleaseEnter', { label });
  const extra = spec.props ?? {};
  const common = { disabled, ...control, ...extra };

  switch (type) {
    case 'textarea':
      return mode === 'search' ? (
        <Input allowClear placeholder={enter} {...common} />
      ) : (
        <Input.TextArea rows={3} showCount maxLength={spec.maxLength ?? 500} placeholder={enter} {...common} />
      );
    case 'number':
    case 'percent':
    case 'money':
      return (
        <InputNumber
          style={{ width: '100%' }}
          // a price is not clamped to 0: a negative one is refused by the form's rule, where it was typed
          min={type === 'money' ? spec.min : (spec.min ?? 0)}
          max={spec.max}
          precision={type === 'money' ? 2 : (spec.precision ?? 0)}
          prefix={type === 'money' ? '¥' : undefined}
          suffix={type === 'percent' ? '%' : undefined}
          placeholder={enter}
          {...common}
        />
      );
    case 'status':
      if (mode === 'form') {
        const items = options.length === 2 ? options : [];
        return (
          <Switch
            checkedChildren={items.find((o) => o.value === 1)?.label}
            unCheckedChildren={items.find((o) => o.value === 0)?.label}
            {...common}
          />
        );
      }
      return <Select allowClear placeholder={choose} options={options} {...common} />;
    case 'switch':
      if (mode === 'form') return <Switch checkedChildren={t('common.yes')} unCheckedChildren={t('common.no')} {...common} />;
      return (
        <Select
          allowClear
          placeholder={choose}
          options={[
            { value: 1, label: t('common.yes') },
            { value: 0, label: t('common.no') },
          ]}
          {...common}
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={loading}
          placeholder={choose}
          options={options}
          {...common}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          loading={loading}
          placeholder={choose}
          treeData={tree}
          {...common}
        />
      );
    case 'cascader':
      return <Cascader showSearch placeholder={choose} options={area} {...common} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={DATE_FORMATS} placeholder={choose} {...common} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} format={DATE_FORMATS} allowEmpty={[true, true]} {...common} />;
    case 'time':
      return <TimePicker style={{ width: '100%' }} format="HH:mm" minuteStep={5} placeholder={choose} {...common} />;
    case 'image':
      return <ImageUpload {...(common as object)} />;
    case 'images':
      return <ImageUpload multiple maxCount={spec.maxCount ?? 12} {...(common as object)} />;
    default:
      return <Input allowClear maxLength={spec.maxLength} placeholder={enter} {...common} />;
  }
}
