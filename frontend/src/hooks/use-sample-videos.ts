import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { listSampleVideos } from '@/api/videos';

export const sampleVideosQuery = queryOptions({ queryKey: queryKeys.samples, queryFn: listSampleVideos });

export function useSampleVideos() {
  return useQuery(sampleVideosQuery);
}
