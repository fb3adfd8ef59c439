import type { FeatureType } from '@lectern/contracts';
import { FEATURE_LABELS } from '@/components/ai/ai-features';
import { MarkdownView } from '@/components/ai/markdown-view';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A generation while it is being written: the Markdown so far (unfinished lines render as they can), replaced
 * by the result card once it is done. Busy, so screen readers wait for the finished text instead of reading
 * every word as it lands.
 */
export function StreamingResultCard({ featureType, text }: { featureType: FeatureType; text: string }) {
  const label = FEATURE_LABELS[featureType];
  return (
    <Card className="gap-4 py-4" aria-label={`${label} being written`} aria-busy="true" role="region">
      <CardHeader className="px-4">
        <CardTitle className="text-base">
          {label}
          <span className="ml-2 text-xs font-normal text-muted-foreground">Writing…</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <MarkdownView text={text} />
      </CardContent>
    </Card>
  );
}
