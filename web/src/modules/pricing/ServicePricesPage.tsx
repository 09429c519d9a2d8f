import { PriceGrid } from './PriceGrid';

/** /admin/pricing/service-prices — shops × services: what each shop charges, editable cell by cell. */
export default function ServicePricesPage() {
  return <PriceGrid kind="service" />;
}
