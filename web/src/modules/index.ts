import type { PageDef } from '../platform/pages';
import { accountingPages } from './accounting';
import { assetsPages } from './assets';
import { attendancePages } from './attendance';
import { bookingsPages } from './bookings';
import { cardsPages } from './cards';
import { cashierPages } from './cashier';
import { catalogPages } from './catalog';
import { financePages } from './finance';
import { homePages } from './home';
import { identityPages } from './identity';
import { inboxPages } from './inbox';
import { marketingPages } from './marketing';
import { membersPages } from './members';
import { messagingPages } from './messaging';
import { orgPages } from './org';
import { pricingPages } from './pricing';
import { reportsPages } from './reports';
import { royaltyPages } from './royalty';
import { servicelogsPages } from './servicelogs';
import { staffPages } from './staff';
import { statisticsPages } from './statistics';
import { stockPages } from './stock';
import { tillPages } from './till';
import { vouchersPages } from './vouchers';

/** What a module brings to the web: its pages (routed by their menu URLs), which bring its texts (its `locale.ts`, see `texts.ts`). */
export interface WebModule {
  name: string;
  pages: PageDef[];
}

/** Every module of the admin application: the place a module's pages are added (its texts are found by `texts.ts`). */
export const webModules: WebModule[] = [
  { name: 'home', pages: homePages },
  { name: 'org', pages: orgPages },
  { name: 'staff', pages: staffPages },
  { name: 'identity', pages: identityPages },
  { name: 'catalog', pages: catalogPages },
  { name: 'pricing', pages: pricingPages },
  { name: 'members', pages: membersPages },
  { name: 'servicelogs', pages: servicelogsPages },
  { name: 'cards', pages: cardsPages },
  { name: 'marketing', pages: marketingPages },
  { name: 'assets', pages: assetsPages },
  { name: 'messaging', pages: messagingPages },
  { name: 'stock', pages: stockPages },
  { name: 'attendance', pages: attendancePages },
  { name: 'bookings', pages: bookingsPages },
  { name: 'royalty', pages: royaltyPages },
  { name: 'finance', pages: financePages },
  { name: 'reports', pages: reportsPages },
  { name: 'statistics', pages: statisticsPages },
  { name: 'accounting', pages: accountingPages },
  { name: 'inbox', pages: inboxPages },
  { name: 'cashier', pages: cashierPages },
  { name: 'till', pages: tillPages },
  { name: 'vouchers', pages: vouchersPages },
];
