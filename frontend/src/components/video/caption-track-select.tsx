import type { CaptionTrack, Video } from '@lectern/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '@/api/http';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useChooseTrack, useVideoTracks } from '@/hooks/use-caption-tracks';
import { toast } from '@/hooks/use-toast';
import { orderTracks, switchedDescription, trackValue } from '@/lib/caption-tracks';

/** Which caption track the transcript comes from, and switching to another (shown when there is a choice). */
export function CaptionTrackSelect({ video }: { video: Pick<Video, 'id'> }) {
  const tracks = useVideoTracks(video.id);
  const choose = useChooseTrack(video.id);
  const selectId = useId();
  const statusId = useId();
  if (!tracks.data || tracks.data.tracks.length < 2) return null;

  const ordered = orderTracks(tracks.data.tracks);
  // While switching, the select already shows the track asked for.
  const value = trackValue(choose.isPending && choose.variables ? choose.variables : tracks.data.chosen);

  const onChange = (picked: string) => {
    const track = ordered.find((candidate) => trackValue(candidate) === picked);
    if (!track || picked === trackValue(tracks.data.chosen)) return;
    choose.mutate(
      { languageCode: track.languageCode, kind: track.kind },
      {
        onSuccess: ({ droppedHighlights }) =>
          toast({
            title: 'Captions switched',
            description: switchedDescription(track.name, droppedHighlights),
          }),
        onError: (error) =>
          toast({
            title: 'Failed to switch captions',
            description: errorMessage(error, 'The captions could not be loaded. Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Label htmlFor={selectId}>Captions</Label>
      <Select value={value} onValueChange={onChange} disabled={choose.isPending}>
        <SelectTrigger id={selectId} className="w-auto max-w-full min-w-44" aria-describedby={statusId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ordered.map((track: CaptionTrack) => (
            <SelectItem key={trackValue(track)} value={trackValue(track)}>
              {track.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <span id={statusId} role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
        {choose.isPending ? (
          <>
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
            Switching captions...
          </>
        ) : null}
      </span>
    </div>
  );
}
