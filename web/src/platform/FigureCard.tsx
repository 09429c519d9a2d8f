import { Card, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * A card of a home page's figures: the icon on a badge tinted with its colour, then the figures
 * (`children`). `large`: the chain's counts on the landing page, a little larger than the dashboard's.
 */
export function FigureCard({ icon, color, large, children }: { icon: ReactNode; color: string; large?: boolean; children: ReactNode }) {
  const side = large ? 48 : 44;
  return (
    <Card size="small" variant="borderless" style={{ height: '100%' }}>
      <Space size={large ? 16 : 14} align="center">
        <div
          style={{
            width: side,
            height: side,
            borderRadius: 12,
            background: `${color}1a`,
            color,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: side / 2 - 2,
          }}
        >
          {icon}
        </div>
        {children}
      </Space>
    </Card>
  );
}
