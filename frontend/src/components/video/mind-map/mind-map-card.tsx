import type { Video } from '@lectern/contracts';
import { Network } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { ProBadge, ProUpsell } from '@/components/pro/pro-plan';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useAiContent, useGenerateAiContent } from '@/hooks/use-ai-content';
import { toast } from '@/hooks/use-toast';
import { latestByFeature } from '@/lib/ai-results';
import { outlineOf } from '@/lib/chapters';

// markmap and d3 load only when a mind map is drawn.
const MindMap = lazy(() => import('@/components/video/mind-map/mind-map'));

/**
 * The lecture as a mind map, from its outline (a Study tool, Pro): Free users see what it is with the Pro
 * badge and an upgrade link; Pro users generate the outline here, then explore the map and download it.
 */
export function MindMapCard({
  video,
  isPro,
  onSeek,
}: {
  video: Pick<Video, 'id' | 'title' | 'youtubeId'>;
  isPro: boolean;
  onSeek: (seconds: number) => void;
}) {
  const content = useAiContent(video.id);
  const generate = useGenerateAiContent(video.id);
  const outline = useMemo(
    () => outlineOf(latestByFeature(content.data ?? []).get('outline')),
    [content.data],
  );
  const generating = generate.isPending && generate.variables?.type === 'outline';

  const onGenerate = () =>
    generate.mutate(
      { type: 'outline', regenerate: false },
      {
        onSuccess: () => toast({ title: 'Generated!' }),
        onError: (error) =>
          toast({
            title: 'Generation failed',
            description: errorMessage(error, 'Failed to generate content'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <Card className="gap-4" role="region" aria-label="Mind map">
      <CardHeader className="gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-lg leading-none font-semibold">
            <Network className="size-5" aria-hidden />
            Mind map
          </h2>
          {!isPro ? <ProBadge /> : null}
        </div>
        <p className="text-sm text-muted-foreground">
          The lecture’s outline as a map: its chapters and their key points, each opening its moment.
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {!isPro ? (
          <>
            <ProUpsell>Mind maps are part of Lectern Pro.</ProUpsell>
            <Button className="w-full" disabled>
              <Network aria-hidden />
              Generate outline and mind map
            </Button>
          </>
        ) : outline ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">Drawing the mind map...</p>}>
            <MindMap outline={outline} title={video.title} youtubeId={video.youtubeId} onSeek={onSeek} />
          </Suspense>
        ) : (
          <Button className="w-full" disabled={generate.isPending || content.isPending} onClick={onGenerate}>
            <Network aria-hidden />
            {generating ? 'Generating...' : 'Generate outline and mind map'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
