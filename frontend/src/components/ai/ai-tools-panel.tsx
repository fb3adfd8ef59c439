import {
  DEFAULT_SUMMARY_LENGTH,
  SUMMARY_LENGTHS,
  type AiContentItem,
  type FeatureType,
  type SummaryLength,
} from '@lectern/contracts';
import { BookOpen, MessageCircleQuestion, PenLine, Sparkles } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { errorMessage } from '@/api/http';
import {
  CREATE_FEATURES,
  STUDY_FEATURES,
  SUMMARY_LENGTH_LABELS,
  type AiFeature,
} from '@/components/ai/ai-features';
import { AiResultCard } from '@/components/ai/ai-result-card';
import { AskPanel } from '@/components/ai/ask/ask-panel';
import { FeatureList } from '@/components/ai/feature-list';
import { ExamDateField } from '@/components/review/exam-date-field';
import { StreamingResultCard } from '@/components/ai/streaming-result-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAiContent, useGenerateAiContent } from '@/hooks/use-ai-content';
import { toast } from '@/hooks/use-toast';
import { latestByFeature } from '@/lib/ai-results';

function isSummaryLength(value: string): value is SummaryLength {
  return (SUMMARY_LENGTHS as readonly string[]).includes(value);
}

export function AiToolsPanel({ videoId, isPro }: { videoId: string; isPro: boolean }) {
  const content = useAiContent(videoId);
  const generate = useGenerateAiContent(videoId);
  const [summaryLength, setSummaryLength] = useState<SummaryLength>(DEFAULT_SUMMARY_LENGTH);
  const lengthId = useId();
  const latest = useMemo(() => latestByFeature(content.data ?? []), [content.data]);
  const pendingType = generate.isPending ? (generate.variables?.type ?? null) : null;

  useEffect(() => {
    if (content.isError) {
      toast({
        title: 'Failed to fetch cached content',
        description: errorMessage(content.error, ''),
        variant: 'destructive',
      });
    }
  }, [content.isError, content.error]);

  const run = (type: FeatureType, regenerate: boolean) => {
    generate.mutate(
      { type, regenerate, ...(type === 'summary' ? { summaryLength } : {}) },
      {
        onSuccess: () => toast({ title: regenerate ? 'Regenerated!' : 'Generated!' }),
        onError: (error) =>
          toast({
            title: 'Generation failed',
            description: errorMessage(error, 'Failed to generate content'),
            variant: 'destructive',
          }),
      },
    );
  };

  // The generation in flight, as written so far, stands where its result will be.
  const resultCard = (type: FeatureType, item: AiContentItem | undefined) =>
    pendingType === type && generate.streamedText !== '' ? (
      <StreamingResultCard key="streaming" featureType={type} text={generate.streamedText} />
    ) : item ? (
      <AiResultCard
        key={item.id}
        item={item}
        busy={pendingType !== null}
        onRegenerate={() => run(item.featureType, true)}
      />
    ) : null;

  const featureTab = (features: readonly AiFeature[]) => (
    <div className="space-y-4">
      <FeatureList
        features={features}
        isPro={isPro}
        pendingType={pendingType}
        onGenerate={(type) => run(type, false)}
      />
      {features.map((feature) => resultCard(feature.type, latest.get(feature.type)))}
    </div>
  );

  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">AI Tools</h2>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="summary">
          <TabsList>
            <TabsTrigger value="summary">
              <Sparkles className="size-4" aria-hidden />
              Summary
            </TabsTrigger>
            <TabsTrigger value="study">
              <BookOpen className="size-4" aria-hidden />
              Study
            </TabsTrigger>
            <TabsTrigger value="create">
              <PenLine className="size-4" aria-hidden />
              Create
            </TabsTrigger>
            <TabsTrigger value="ask">
              <MessageCircleQuestion className="size-4" aria-hidden />
              Ask
            </TabsTrigger>
          </TabsList>
          <TabsContent value="summary" className="space-y-4">
            <div className="grid gap-2">
              <Label htmlFor={lengthId}>Summary length</Label>
              <Select
                value={summaryLength}
                onValueChange={(value) => isSummaryLength(value) && setSummaryLength(value)}
              >
                <SelectTrigger id={lengthId}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {SUMMARY_LENGTHS.map((length) => (
                    <SelectItem key={length} value={length}>
                      {SUMMARY_LENGTH_LABELS[length]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button className="w-full" disabled={pendingType !== null} onClick={() => run('summary', false)}>
              <Sparkles aria-hidden />
              {pendingType === 'summary' ? 'Generating...' : 'Generate Summary'}
            </Button>
            {content.isPending ? (
              <p className="text-sm text-muted-foreground">Loading saved results...</p>
            ) : null}
            {resultCard('summary', latest.get('summary'))}
          </TabsContent>
          <TabsContent value="study" className="space-y-4">
            <ExamDateField videoId={videoId} />
            {featureTab(STUDY_FEATURES)}
          </TabsContent>
          <TabsContent value="create">{featureTab(CREATE_FEATURES)}</TabsContent>
          <TabsContent value="ask">
            <AskPanel videoId={videoId} isPro={isPro} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
