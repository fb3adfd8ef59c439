import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useUsage } from '@/hooks/use-usage';
import { usageText } from '@/lib/format';

function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function UsageCard() {
  const usage = useUsage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage Stats</CardTitle>
        <CardDescription>
          {usage.data ? `This month (${monthLabel(usage.data.month)})` : 'This month'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <div className="space-y-3" aria-label="Loading usage">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
          </div>
        ) : usage.isError ? (
          <p className="text-sm text-muted-foreground">Usage could not be loaded right now.</p>
        ) : (
          <dl className="grid gap-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Videos analysed</dt>
              <dd className="font-medium tabular-nums">
                {usageText(usage.data.videosAnalyzed.used, usage.data.videosAnalyzed.limit)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">AI generations</dt>
              <dd className="font-medium tabular-nums">
                {usageText(usage.data.aiGenerations.used, usage.data.aiGenerations.limit)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Questions asked</dt>
              <dd className="font-medium tabular-nums">
                {usageText(usage.data.aiQuestions.used, usage.data.aiQuestions.limit)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Notes created</dt>
              <dd className="font-medium tabular-nums">{usage.data.notesCreated}</dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
