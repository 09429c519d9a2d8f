import { DATA_SETTINGS_DEFAULT, type DataSettings, dataSettingsAnswer } from '@headoffice/contract';
import { notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Auth, visibleShops } from '../../platform/auth.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import { fieldsShownInFull } from '../../platform/excel.js';
import { getSetting, setSetting } from '../../platform/settings.js';
import { shops } from '../org/public.js';
import { urlRefusal } from './hosts.js';

/** The chain's data settings (datamanager), one tenant setting. */
const KEY = 'accounting.dataSettings';

/** The settings as saved, over the defaults (a key saved by an older version keeps the others' defaults). */
export async function readDataSettings(tx: Db): Promise<DataSettings> {
  const saved = await getSetting<Partial<DataSettings>>(tx, KEY, {});
  return dataSettingsAnswer.parse({ ...DATA_SETTINGS_DEFAULT, ...saved });
}

/** Saves the settings; the HTTP adapter only to a host the server allows (400 naming the host; none allowed: 400 saying so). */
// The workbooks ask which masked fields they show in full: the data settings say.
fieldsShownInFull.provide(async (tx) => (await readDataSettings(tx)).exportMaskedFields);

export async function saveDataSettings(tx: Db, tenantId: number, value: DataSettings): Promise<DataSettings> {
  const refused = value.accountingAdapter === 'http' ? urlRefusal(value.accountingUrl) : undefined;
  if (refused)
    throw fieldError(refused.key === 'accountingHttpOff' ? 'accountingAdapter' : 'accountingUrl', refused.key, { host: refused.host });
  await setSetting(tx, tenantId, KEY, value);
  return readDataSettings(tx);
}

/**
 * The data settings are the whole chain's (where its vouchers go, what its exports show): read and changed by
 * those who see every shop; a user limited to some shops is refused (403) whatever rights their role holds.
 */
export async function assertChainUser(tx: Db, auth: Auth) {
  const visible = visibleShops(auth);
  if (!visible) return;
  const [unseen] = await tx
    .select({ id: shops.id })
    .from(shops)
    .where(notInArray(shops.id, visible.length ? visible : [0]))
    .limit(1);
  if (unseen) throw forbidden();
}
