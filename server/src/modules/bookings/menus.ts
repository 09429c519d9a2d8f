import type { MenuDef } from '../../platform/menus.js';
import { viewEdit } from '../../platform/menus.js';

/** 预约管理: bookings, the day's calendar per shop, the settings and the statistics. */
export const bookingsMenus: MenuDef[] = [
  {
    key: 'bookings',
    name: '预约管理',
    nameEn: 'Bookings',
    icon: 'CalendarOutlined',
    children: [
      {
        key: 'bookings.calendar',
        name: '预约日历',
        nameEn: 'Booking calendar',
        icon: 'ScheduleOutlined',
        url: '/admin/bookings/calendar',
        perm: 'bookings.calendar.view',
      },
      {
        key: 'bookings.booking',
        name: '预约单',
        nameEn: 'Bookings',
        icon: 'UnorderedListOutlined',
        url: '/admin/bookings/list',
        ...viewEdit('bookings.booking'),
      },
      {
        key: 'bookings.statistics',
        name: '预约统计',
        nameEn: 'Booking statistics',
        icon: 'BarChartOutlined',
        url: '/admin/bookings/statistics',
        perm: 'bookings.statistics.view',
      },
      {
        key: 'bookings.config',
        name: '预约设置',
        nameEn: 'Booking settings',
        icon: 'SettingOutlined',
        url: '/admin/bookings/settings',
        ...viewEdit('bookings.config'),
      },
    ],
  },
];
