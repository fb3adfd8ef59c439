import type { PlayerConfig } from '@lectern/contracts';
import { getJson } from '@/api/http';

export function getPlayerConfig(): Promise<PlayerConfig> {
  return getJson<PlayerConfig>('/api/player');
}
