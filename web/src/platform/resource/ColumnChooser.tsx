import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list column as the chooser sees it: its key, title, and whether the definition shows it only when chosen. */
interface Choosable {
  key: string;
  title: string;
  /** Hidden until chosen (`ColumnSpec.optional`). */
  optional: boolean;
  /** Always shown: the column that names the row, a fixed column. */
  locked: boolean;
}

const storageKey = (page: string) => `ho.columns.${page}`;

/** The user's choices on a page (column key → shown), kept in this browser. */
function readChoices(page: string): Record<string, boolean> {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(page)) ?? '{}');
    return stored && typeof stored === 'object' ? stored : {};
  } catch {
    return {};
  }
}

/**
 * The columns of a list page the user has chosen to see, remembered per page in this browser: a column
 * is shown by the user's choice, else unless its definition marks it optional; locked columns always.
 * Only the choices are stored, so a column a definition adds later shows by its own default.
 */
export function useColumnChoice<R>(page: string, columns: TableColumnsType<R>, choosable: Choosable[]) {
  const [choices, setChoices] = useState(() => readChoices(page));
  const shown = (c: Choosable) => c.locked || (choices[c.key] ?? !c.optional);
  const hidden = new Set(choosable.filter((c) => !shown(c)).map((c) => c.key));
  const choose = (key: string, show: boolean) => {
    const next = { ...choices, [key]: show };
    setChoices(next);
    localStorage.setItem(storageKey(page), JSON.stringify(next));
  };
  return {
    columns: columns.filter((c) => !hidden.has(String(c.key))),
    chooser: <ColumnChooser columns={choosable} shown={shown} onChoose={choose} />,
  };
}

/** The table toolbar's settings icon: every column with a checkbox, the locked ones checked and fixed. */
function ColumnChooser({
  columns,
  shown,
  onChoose,
}: {
  columns: Choosable[];
  shown: (c: Choosable) => boolean;
  onChoose: (key: string, show: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('common.columns')}
      content={
        <Space orientation="vertical" size={4} data-testid="column-chooser-list">
          {columns.map((c) => (
            <Checkbox key={c.key} checked={shown(c)} disabled={c.locked} onChange={(e) => onChoose(c.key, e.target.checked)}>
              {c.title}
            </Checkbox>
          ))}
        </Space>
      }
    >
      <Tooltip title={t('common.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('common.columns')} data-testid="column-chooser" />
      </Tooltip>
    </Popover>
  );
}
