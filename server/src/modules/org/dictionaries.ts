import {
  branchRecord,
  brandRecord,
  channelRecord,
  distChannelRecord,
  memberGradeRecord,
  memberStatusRecord,
  packageTypeRecord,
  positionLevelRecord,
  positionRecord,
  productCategoryRecord,
  regionRecord,
  serviceTypeRecord,
  skillLevelRecord,
} from '@headoffice/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fieldError } from '../../platform/errors.js';
import { linkedNames, type ServedRecord, serveRecord } from '../../platform/records.js';
import {
  branches,
  brands,
  channels,
  distChannels,
  memberGrades,
  memberStatuses,
  packageTypes,
  positionLevels,
  positions,
  productCategories,
  regions,
  serviceTypes,
  skillLevels,
} from './schema.js';

/** Two-level trees (regions, product categories): a parent must be a top-level entry other than itself. */
function twoLevel(table: typeof regions | typeof productCategories, tooDeep: 'regionTooDeep' | 'categoryTooDeep') {
  return async (tx: Db, value: Record<string, unknown>) => {
    const parentId = value.parentId as number | null | undefined;
    if (!parentId) return;
    if (parentId === value.id) throw fieldError('parentId', 'regionParentSelf');
    const [parent] = await tx.select({ parentId: table.parentId }).from(table).where(eq(table.id, parentId));
    if (!parent) throw fieldError('parentId', 'missingReference', { field: '@parent' });
    if (parent.parentId) throw fieldError('parentId', tooDeep);
    if (value.id) {
      const [child] = await tx
        .select({ id: table.id })
        .from(table)
        .where(eq(table.parentId, value.id as number))
        .limit(1);
      if (child) throw fieldError('parentId', tooDeep);
    }
  };
}

export const regionDef = serveRecord(regionRecord, {
  table: regions,
  beforeSave: twoLevel(regions, 'regionTooDeep'),
  decorate: linkedNames(regions, 'parentId', 'parentName'),
});

export const brandDef = serveRecord(brandRecord, { table: brands });
export const channelDef = serveRecord(channelRecord, { table: channels });
export const positionDef = serveRecord(positionRecord, { table: positions });

export const positionLevelDef = serveRecord(positionLevelRecord, {
  table: positionLevels,
  beforeSave: async (tx, value) => {
    const [position] = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.id, value.positionId as number));
    if (!position) throw fieldError('positionId', 'missingReference', { field: '@position' });
  },
  decorate: linkedNames(positions, 'positionId', 'positionName'),
});

export const productCategoryDef = serveRecord(productCategoryRecord, {
  table: productCategories,
  beforeSave: twoLevel(productCategories, 'categoryTooDeep'),
  decorate: linkedNames(productCategories, 'parentId', 'parentName'),
});

export const skillLevelDef = serveRecord(skillLevelRecord, { table: skillLevels });
export const packageTypeDef = serveRecord(packageTypeRecord, { table: packageTypes });

/** Every dictionary of the organisation module, in menu order. */
export const dictionaries: ServedRecord[] = [
  regionDef,
  brandDef,
  channelDef,
  serveRecord(branchRecord, { table: branches }),
  positionDef,
  positionLevelDef,
  serveRecord(serviceTypeRecord, { table: serviceTypes }),
  skillLevelDef,
  productCategoryDef,
  packageTypeDef,
  serveRecord(distChannelRecord, { table: distChannels }),
  serveRecord(memberStatusRecord, { table: memberStatuses }),
  serveRecord(memberGradeRecord, { table: memberGrades }),
];
