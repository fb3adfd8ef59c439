import { useQuery } from '@tanstack/react-query';
import { getPlayerConfig } from '@/api/player';
import { queryKeys } from '@/api/query-keys';

/** Where the video page loads YouTube's IFrame Player API from; read once per visit. */
export function usePlayerConfig() {
  return useQuery({ queryKey: queryKeys.playerConfig, queryFn: getPlayerConfig, staleTime: Infinity });
}
