import { PriceGrid } from './PriceGrid';

/** /admin/pricing/product-prices — shops × products: each shop's retail price, editable cell by cell. */
export default function ProductPricesPage() {
  return <PriceGrid kind="product" />;
}
