import { ResourceList } from '../../platform/resource/ResourceList';
import { brandDef } from './defs';
import type { BrandRow } from './types';

/** /admin/org/brands — the brand dictionary. */
export default function BrandsPage() {
  return <ResourceList<BrandRow, 'keyword'> def={brandDef} />;
}
