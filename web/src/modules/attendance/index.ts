import { shiftRecord } from '@headoffice/contract';
import { lazyPage, type PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** The attendance pages of the admin application (the phone's sign-in page is routed outside it). */
export const attendancePages: PageDef[] = [
  { path: '/admin/attendance/schedules', title: 'attendance.menu.schedules', component: lazyPage(() => import('./SchedulesPage')) },
  { path: '/admin/attendance/records', title: 'attendance.menu.records', component: lazyPage(() => import('./RecordsPage')) },
  { path: '/admin/attendance/qrcode', title: 'attendance.menu.qrcode', component: lazyPage(() => import('./QrCodePage')) },
  { path: '/admin/attendance/statistics', title: 'attendance.menu.statistics', component: lazyPage(() => import('./StatisticsPage')) },
  ...recordPages([shiftRecord]),
  { path: '/admin/attendance/config', title: 'attendance.menu.config', component: lazyPage(() => import('./ConfigPage')) },
];
export { attendanceEn, attendanceZh } from './locale';
