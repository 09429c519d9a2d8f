import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../action';
import { download, type Query } from '../http';

/**
 * Exports a list as the server's workbook with the filters and the sort it shows (never the page: the
 * export holds every matching row, up to the server's cap, which answers a message past it).
 */
export function ExportButton({ path, params, fileName }: { path: string; params: Query; fileName: string }) {
  const { t } = useTranslation();
  const exporting = useAction({
    run: () => {
      const { page: _page, pageSize: _size, ...filters } = params;
      return download(path, filters, `${fileName}.xlsx`);
    },
  });
  return (
    <Button icon={<DownloadOutlined />} loading={exporting.busy} onClick={() => exporting.run()}>
      {t('common.export')}
    </Button>
  );
}
