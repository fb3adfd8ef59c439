import type { UsageStats } from '@lectern/contracts';
import { getJson } from '@/api/http';

export function getUsage(): Promise<UsageStats> {
  return getJson<UsageStats>('/api/usage');
}
