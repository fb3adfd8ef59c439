import type { Video } from '@lectern/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '@/api/http';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { useSaveNotes } from '@/hooks/use-videos';

/** Notes saved per video; mount with `key={video.id}` so another video starts from its own notes. */
export function NotesCard({ video }: { video: Pick<Video, 'id' | 'notes'> }) {
  const [notes, setNotes] = useState(video.notes);
  const saveNotes = useSaveNotes(video.id);
  const fieldId = useId();

  const onSave = () => {
    saveNotes.mutate(notes, {
      onSuccess: () => toast({ title: 'Note saved', description: 'Your notes are saved with this video.' }),
      onError: (error) =>
        toast({
          title: 'Save failed',
          description: errorMessage(error, 'Failed to save note'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold">
          <label htmlFor={fieldId}>Notes</label>
        </h2>
      </CardHeader>
      <CardContent>
        <Textarea
          id={fieldId}
          placeholder="Add your notes here..."
          className="min-h-32"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={onSave} disabled={notes.trim() === '' || saveNotes.isPending}>
          {saveNotes.isPending ? 'Saving...' : 'Save Note'}
        </Button>
      </CardFooter>
    </Card>
  );
}
