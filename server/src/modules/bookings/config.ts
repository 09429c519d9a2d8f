import { type BookingConfig, bookingConfig, defaultBookingConfig } from '@headoffice/contract';
import type { Db } from '../../db/client.js';
import { getSetting } from '../../platform/settings.js';

export const CONFIG_KEY = 'bookings.config';

/** The chain's booking settings; settings saved before a field existed take its default. */
export async function configOf(tx: Db): Promise<BookingConfig> {
  return bookingConfig.parse({ ...defaultBookingConfig, ...(await getSetting<Partial<BookingConfig>>(tx, CONFIG_KEY, {})) });
}
