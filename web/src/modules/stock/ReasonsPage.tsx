import { ResourceList } from '../../platform/resource/ResourceList';
import { reasonDef } from './defs';

/** /admin/stock/reasons — the in/out reasons (dictinout). */
export default function ReasonsPage() {
  return <ResourceList def={reasonDef} />;
}
