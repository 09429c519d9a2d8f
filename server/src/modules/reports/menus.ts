import {
  REPORT_CENTRE_URL,
  REPORT_CHARTS_URL,
  REPORT_DESIGN_EDIT_PERM,
  REPORT_DESIGN_PERM,
  REPORT_DESIGN_URL,
  REPORT_RUN_PERM,
} from '@headoffice/contract';
import type { MenuDef } from '../../platform/menus.js';

/** 报表: the reports a user may run, the charts drawn from them, and their definitions. */
export const reportsMenus: MenuDef[] = [
  {
    key: 'reports',
    name: '报表',
    nameEn: 'Reports',
    icon: 'BarChartOutlined',
    children: [
      {
        key: 'reports.centre',
        name: '报表中心',
        nameEn: 'Report centre',
        icon: 'FundOutlined',
        url: REPORT_CENTRE_URL,
        perm: REPORT_RUN_PERM,
      },
      {
        key: 'reports.charts',
        name: '经营图表',
        nameEn: 'Business charts',
        icon: 'LineChartOutlined',
        url: REPORT_CHARTS_URL,
        perm: REPORT_RUN_PERM,
      },
      {
        key: 'reports.design',
        name: '报表设计',
        nameEn: 'Report design',
        icon: 'FormOutlined',
        url: REPORT_DESIGN_URL,
        perm: REPORT_DESIGN_PERM,
        actions: [{ key: REPORT_DESIGN_EDIT_PERM, name: '新增/编辑/删除', nameEn: 'Add, edit, delete', perm: REPORT_DESIGN_EDIT_PERM }],
      },
    ],
  },
];
