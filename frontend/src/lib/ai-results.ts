import type { AiContentItem, FeatureType } from '@lectern/contracts';

/** The newest stored result of each feature: the newest generation replaces the displayed one. */
export function latestByFeature(items: readonly AiContentItem[]): Map<FeatureType, AiContentItem> {
  const latest = new Map<FeatureType, AiContentItem>();
  items.forEach((item) => {
    const current = latest.get(item.featureType);
    if (!current || Date.parse(item.createdAt) >= Date.parse(current.createdAt))
      latest.set(item.featureType, item);
  });
  return latest;
}
