import { DATA_SETTINGS_DEFAULT, type DataSettings, dataSettingsAnswer } from '@headoffice/contract';
import type { Db } from '../../db/client.js';
import { getSetting, setSetting } from '../../platform/settings.js';

/** The chain's data settings (datamanager), one tenant setting. */
const KEY = 'accounting.dataSettings';

/** The settings as saved, over the defaults (a key saved by an older version keeps the others' defaults). */
export async function readDataSettings(tx: Db): Promise<DataSettings> {
  const saved = await getSetting<Partial<DataSettings>>(tx, KEY, {});
  return dataSettingsAnswer.parse({ ...DATA_SETTINGS_DEFAULT, ...saved });
}

export async function saveDataSettings(tx: Db, tenantId: number, value: DataSettings): Promise<DataSettings> {
  await setSetting(tx, tenantId, KEY, value);
  return readDataSettings(tx);
}
