import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The reset and search buttons of a search form (the search button submits the form). */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={<UndoOutlined />} onClick={onReset}>
        {t('common.reset')}
      </Button>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t('common.search')}
      </Button>
    </>
  );
}
