import { useId } from 'react';
import { errorMessage } from '@/api/http';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useQuizSettings, useSaveQuizSettings } from '@/hooks/use-quiz';
import { toast } from '@/hooks/use-toast';

/** The student's setting: every question answered wrong becomes a review card when the attempt is saved. */
export function QuizSettingsSwitch() {
  const id = useId();
  const settings = useQuizSettings();
  const save = useSaveQuizSettings();
  const on = save.isPending ? save.variables.autoReviewWrongAnswers : settings.data?.autoReviewWrongAnswers;
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={on ?? false}
        disabled={!settings.isSuccess || save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { autoReviewWrongAnswers: checked },
            {
              onError: (error) =>
                toast({
                  title: 'Setting not saved',
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
      <Label htmlFor={id} className="text-sm font-normal">
        Add every wrong answer to my review
      </Label>
    </div>
  );
}
