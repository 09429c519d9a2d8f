import { bookingBill } from '@headoffice/contract';
import { billPages } from '../../platform/bills/pages';
import { lazyPage, type PageDef } from '../../platform/pages';

/** The booking pages of the admin application: the day's calendar, the bookings (their definition's list and detail), statistics, settings. */
export const bookingsPages: PageDef[] = [
  { path: '/admin/bookings/calendar', title: 'bookings.menu.calendar', component: lazyPage(() => import('./CalendarPage')) },
  ...billPages(bookingBill, () => import('./BookingsPages').then((m) => ({ list: m.BookingsPage, detail: m.BookingPage }))),
  { path: '/admin/bookings/statistics', title: 'bookings.menu.statistics', component: lazyPage(() => import('./StatisticsPage')) },
  { path: '/admin/bookings/settings', title: 'bookings.menu.settings', component: lazyPage(() => import('./SettingsPage')) },
];
export { bookingsEn, bookingsZh } from './locale';
