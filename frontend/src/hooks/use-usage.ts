import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { getUsage } from '@/api/usage';

export const usageQuery = queryOptions({ queryKey: queryKeys.usage, queryFn: getUsage });

export function useUsage() {
  return useQuery(usageQuery);
}
