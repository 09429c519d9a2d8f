import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;
/** What a click on a bar, a point or a slice names: its series, its place in the data, its category. */
export interface ChartClick {
  seriesIndex: number;
  dataIndex: number;
  name: string;
}

/** An ECharts chart that follows its container's size; `onClick` gets the bar, point or slice clicked (or the category band). Import lazily: ECharts is heavy. */
export function Chart({
  option,
  style,
  onClick,
  label,
}: {
  option: ChartOption;
  style?: CSSProperties;
  onClick?: (click: ChartClick) => void;
  /** What the chart shows, for screen readers (a canvas says nothing). */
  label?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const clicked = useRef(onClick);
  clicked.current = onClick;

  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    c.on('click', (p) => clicked.current?.({ seriesIndex: p.seriesIndex ?? 0, dataIndex: p.dataIndex, name: p.name }));
    // A click anywhere in a category's band of the grid counts as on it: a day's point is small to hit.
    c.getZr().on('click', (e) => {
      const point = [e.offsetX, e.offsetY];
      if (e.target || !clicked.current || !c.containPixel({ gridIndex: 0 }, point)) return;
      const axes = c.getOption() as { yAxis?: { type?: string }[] };
      const [x, y] = c.convertFromPixel({ gridIndex: 0 }, point) as number[];
      const dataIndex = Math.round(axes.yAxis?.[0]?.type === 'category' ? y : x);
      if (Number.isFinite(dataIndex) && dataIndex >= 0) clicked.current({ seriesIndex: 0, dataIndex, name: '' });
    });
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height: 300, ...style }} />;
}
