import { ResourceList } from '../../platform/resource/ResourceList';
import { channelDef } from './defs';
import type { ChannelRow } from './types';

/** /admin/org/channels — where customers come from. */
export default function ChannelsPage() {
  return <ResourceList<ChannelRow, 'keyword'> def={channelDef} />;
}
