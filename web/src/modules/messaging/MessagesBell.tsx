import { BellOutlined } from '@ant-design/icons';
import { INAPP_TOPIC, inappPage } from '@headoffice/contract';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Popover, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../platform/action';
import { http } from '../../platform/http';
import { useLiveEvent, useLiveResync } from '../../platform/live';
import { formatDateTime } from '../../platform/resource/cells';

/** The header's bell: the account's unread in-app messages (system, head office, inside), kept live. */
const SOURCES = [
  { kind: 'system', path: '/api-push/systemmstatus' },
  { kind: 'admin', path: '/api-push/adminmstatus' },
  { kind: 'inside', path: '/api-push/insidemsg' },
] as const;
const KEY = ['inapp-unread'];

export function MessagesBell() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const lists = useQueries({
    queries: SOURCES.map((s) => ({
      queryKey: [...KEY, s.kind],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.read(inappPage, `${s.path}/list/account`, { unread: 'true', pageSize: 10 }, { signal, quiet: true }),
    })),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  useLiveEvent(INAPP_TOPIC, refresh);
  useLiveResync(refresh);
  const unread = lists.reduce((n, q) => n + (q.data?.unread ?? 0), 0);
  const items = lists.flatMap((q, i) => (q.data?.list ?? []).map((m) => ({ ...m, path: SOURCES[i].path })));
  const markRead = useAction({
    run: async () => {
      for (const s of SOURCES) {
        const ids = items.filter((m) => m.path === s.path).map((m) => m.id);
        if (ids.length) await http.post(`${s.path}/batchSave`, { ids });
      }
    },
    invalidates: [KEY],
  });
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('messaging.inbox.title')}
      content={
        <div style={{ width: 320 }}>
          <List
            size="small"
            dataSource={items}
            locale={{ emptyText: t('messaging.inbox.empty') }}
            renderItem={(m) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <>
                      <Tag>{t(`messaging.inbox.kinds.${m.kind}`)}</Tag>
                      {m.title}
                    </>
                  }
                  description={
                    <>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                        {m.content}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
          {items.length > 0 && (
            <Button block size="small" loading={markRead.busy} onClick={() => markRead.run()}>
              {t('messaging.inbox.markRead')}
            </Button>
          )}
        </div>
      }
    >
      <Button type="text" aria-label={t('messaging.inbox.title')} className="ho-messages-bell">
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
