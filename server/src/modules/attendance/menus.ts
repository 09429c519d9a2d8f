import { shiftRecord } from '@headoffice/contract';
import { type MenuDef, recordMenu, viewEdit } from '../../platform/menus.js';

/**
 * 考勤管理. Each page: `.view` reads, `.edit` writes. Signing in and out needs no right: the user's
 * linked employee signs in at its own shop.
 */
export const attendanceMenus: MenuDef[] = [
  {
    key: 'attendance',
    name: '考勤管理',
    nameEn: 'Attendance',
    icon: 'ScheduleOutlined',
    children: [
      {
        key: 'attendance.schedule',
        name: '排班',
        nameEn: 'Schedules',
        icon: 'CalendarOutlined',
        url: '/admin/attendance/schedules',
        ...viewEdit('attendance.schedule'),
      },
      {
        key: 'attendance.record',
        name: '考勤记录',
        nameEn: 'Attendance records',
        icon: 'FieldTimeOutlined',
        url: '/admin/attendance/records',
        perm: 'attendance.record.view',
        actions: [{ key: 'attendance.record.edit', name: '考勤更正', nameEn: 'Correct attendance', perm: 'attendance.record.edit' }],
      },
      {
        key: 'attendance.qrcode',
        name: '考勤二维码',
        nameEn: 'Sign-in QR code',
        icon: 'QrcodeOutlined',
        url: '/admin/attendance/qrcode',
        perm: 'attendance.qrcode.view',
      },
      {
        key: 'attendance.statistics',
        name: '考勤统计',
        nameEn: 'Attendance statistics',
        icon: 'BarChartOutlined',
        url: '/admin/attendance/statistics',
        perm: 'attendance.statistics.view',
      },
      recordMenu(shiftRecord, 'ClockCircleOutlined'),
      {
        key: 'attendance.config',
        name: '考勤设置',
        nameEn: 'Attendance settings',
        icon: 'SettingOutlined',
        url: '/admin/attendance/config',
        ...viewEdit('attendance.config'),
      },
    ],
  },
];
