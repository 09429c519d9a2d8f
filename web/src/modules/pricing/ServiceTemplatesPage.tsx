import { TemplatesPage } from './TemplatesPage';

/** /admin/pricing/service-templates — named sets of service prices applied to many shops. */
export default function ServiceTemplatesPage() {
  return <TemplatesPage kind="service" />;
}
