import { financeDictionaryRecords, landlordRecord } from '@headoffice/contract';
import type { PageDef } from '../../platform/pages';
import { recordPages } from '../../platform/records/pages';

/** Finance: the landlords and the finance dictionaries, each on the generic record page. */
export const financePages: PageDef[] = recordPages([landlordRecord, ...financeDictionaryRecords]);
