import type { ProductBrandRow } from '@headoffice/contract';
import { ResourceList } from '../../platform/resource/ResourceList';
import { productBrandDef } from './defs';

/** /admin/catalog/product-brands — the product brand dictionary. */
export default function ProductBrandsPage() {
  return <ResourceList<ProductBrandRow, 'keyword'> def={productBrandDef} />;
}
