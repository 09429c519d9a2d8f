import { BarChartOutlined } from '@ant-design/icons';
import { REPORT_PATHS, reportMineAnswer, reportRunUrl } from '@headoffice/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Input, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../platform/Empty';
import { http } from '../../platform/http';
import { useTab } from '../../platform/pages';

/** /admin/reports/centre — 报表中心: the reports the user may run, each a card that opens it in its own tab. */
export default function ReportCentrePage() {
  const { t } = useTranslation();
  const tab = useTab();
  const [keyword, setKeyword] = useState('');
  const mine = useQuery({
    queryKey: ['reports', 'mine'],
    queryFn: ({ signal }) => http.read(reportMineAnswer, REPORT_PATHS.headMine, undefined, { signal }),
  });
  const wanted = keyword.trim().toLowerCase();
  const reports = (mine.data ?? []).filter(
    (r) => !wanted || r.name.toLowerCase().includes(wanted) || r.code.toLowerCase().includes(wanted),
  );
  return (
    <Card
      size="small"
      title={
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('reports.centre.search')}
          aria-label={t('reports.centre.search')}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={setKeyword}
        />
      }
    >
      {mine.isLoading ? (
        <Skeleton active />
      ) : reports.length ? (
        <Row gutter={[12, 12]} data-testid="report-centre">
          {reports.map((r) => (
            <Col key={r.code} xs={24} sm={12} lg={8} xl={6}>
              <Card
                size="small"
                hoverable
                role="link"
                tabIndex={0}
                aria-label={`${t('reports.centre.open')} ${r.name}`}
                onClick={() => tab.open(reportRunUrl(r.code))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    tab.open(reportRunUrl(r.code));
                  }
                }}
                style={{ height: '100%' }}
              >
                <Card.Meta
                  avatar={<BarChartOutlined style={{ fontSize: 24, color: '#1677ff' }} />}
                  title={r.name}
                  description={
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                      {r.memo || r.code}
                    </Typography.Paragraph>
                  }
                />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <EmptyState description={t('reports.centre.empty')} />
      )}
    </Card>
  );
}
