import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang, LANGS, setLang } from './i18n';

/** Header language switch; the choice is kept in localStorage. */
export function LangSwitch({ light }: { light?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l.value, label: l.label })),
        onClick: ({ key }) => void setLang(key === 'en-US' ? 'en-US' : 'zh-CN'),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} style={light ? { color: '#fff' } : undefined} aria-label={t('common.language')}>
        {LANGS.find((l) => l.value === lang)?.label}
      </Button>
    </Dropdown>
  );
}
