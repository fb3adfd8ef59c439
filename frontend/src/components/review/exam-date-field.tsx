import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@/api/http';
import { ExamCountdown } from '@/components/review/exam-countdown';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useExamPace, useSaveExamDate } from '@/hooks/use-exam';
import { toast } from '@/hooks/use-toast';

/** Today as a calendar day in UTC, the days exam dates are given in. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Sets or clears the video's exam date, and shows the countdown before it. */
export function ExamDateField({ videoId }: { videoId: string }) {
  const id = useId();
  const pace = useExamPace(videoId);
  const save = useSaveExamDate(videoId);
  // What the student is typing; until they type, the saved date.
  const [draft, setDraft] = useState<string | null>(null);
  const saved = pace.data?.examDate ?? null;
  const value = draft ?? saved ?? '';

  const store = (date: string | null) =>
    save.mutate(date, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: date === null ? 'Exam date removed' : 'Exam date saved' });
      },
      onError: (error) =>
        toast({
          title: 'Exam date not saved',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (value !== '') store(value);
  };

  return (
    <section aria-label="Your exam" className="space-y-3 rounded-lg border p-3">
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={id}>Exam date</Label>
          <Input
            id={id}
            type="date"
            min={todayUtc()}
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            className="w-44"
          />
        </div>
        <Button type="submit" variant="outline" disabled={value === '' || value === saved || save.isPending}>
          Save
        </Button>
        {saved !== null ? (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => store(null)}>
            Clear
          </Button>
        ) : null}
      </form>
      {pace.data?.examDate ? (
        <ExamCountdown pace={pace.data} />
      ) : (
        <p className="text-xs text-muted-foreground">
          With an exam date, review brings this video&rsquo;s cards back in time for it.
        </p>
      )}
    </section>
  );
}
