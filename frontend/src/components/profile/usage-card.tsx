import type { UsageStats } from '@lectern/contracts';
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

/** One line of the month's figures: what was used, and its value. */
function UsageRow({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** Minutes of recordings transcribed: shown once the plan allows some, or some were used. */
function minutesTranscribed({ transcriptionMinutes: counter }: UsageStats): string | null {
  if (!counter || (counter.limit === 0 && counter.used === 0)) return null;
  return usageText(counter.used, counter.limit);
}

export function UsageCard() {
  const usage = useUsage();
  const minutes = usage.data ? minutesTranscribed(usage.data) : null;
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
            <UsageRow
              label="Videos analysed"
              value={usageText(usage.data.videosAnalyzed.used, usage.data.videosAnalyzed.limit)}
            />
            <UsageRow
              label="AI generations"
              value={usageText(usage.data.aiGenerations.used, usage.data.aiGenerations.limit)}
            />
            <UsageRow
              label="Questions asked"
              value={usageText(usage.data.aiQuestions.used, usage.data.aiQuestions.limit)}
            />
            {minutes ? <UsageRow label="Minutes transcribed" value={minutes} /> : null}
            <UsageRow label="Notes created" value={usage.data.notesCreated} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
