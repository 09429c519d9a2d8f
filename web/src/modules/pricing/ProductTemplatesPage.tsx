import { TemplatesPage } from './TemplatesPage';

/** /admin/pricing/product-templates — named sets of product prices applied to many shops. */
export default function ProductTemplatesPage() {
  return <TemplatesPage kind="product" />;
}
