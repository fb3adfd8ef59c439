import type { Highlight, HighlightColor, Video } from '@lectern/contracts';
import { Check, Copy, LocateFixed, Search } from 'lucide-react';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { errorMessage } from '@/api/http';
import { CaptionTrackSelect } from '@/components/video/caption-track-select';
import { ChapterFilter } from '@/components/video/chapters/chapter-filter';
import { segmentIndexAt } from '@/components/video/follow';
import { HighlightMenu } from '@/components/video/highlight-menu';
import { usePlayerControls, usePlayerSelector } from '@/components/video/player/player-context';
import { TranscriptList, type TranscriptFocus } from '@/components/video/transcript-list';
import { segmentAtMoment, useTranscriptSeek } from '@/components/video/transcript-seek';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCopy } from '@/hooks/use-copy';
import { useCreateHighlight, useDeleteHighlight } from '@/hooks/use-highlights';
import { toast } from '@/hooks/use-toast';
import { useVideoChapters } from '@/hooks/use-video-chapters';
import { chapterSegmentRange } from '@/lib/chapters';
import { isUploadedRecording } from '@/lib/recording';
import type { SegmentSelection } from '@/lib/selection';
import {
  highlightsBySegment,
  segmentOffsets,
  selectionToRange,
  type HighlightRange,
} from '@/lib/transcript-offsets';
import { buildSearchIndex, filterSegmentIndices, summarizeSearch } from '@/lib/transcript-search';

export function TranscriptPanel({ video }: { video: Video }) {
  const segments = video.transcriptSegments;
  const [showTimestamps, setShowTimestamps] = useState(true);
  const [query, setQuery] = useState('');
  const [selection, setSelection] = useState<HighlightRange | null>(null);
  // A selection belongs to the transcript it was made in: switching captions clears it.
  const [selectionText, setSelectionText] = useState(video.transcriptText);
  if (selectionText !== video.transcriptText) {
    setSelectionText(video.transcriptText);
    setSelection(null);
  }
  // A cited moment opened from an answer shows the whole transcript: a search that hides it is cleared.
  const { target } = useTranscriptSeek();
  const [seekNonce, setSeekNonce] = useState(0);
  // The transcript read one chapter at a time (null: the whole video).
  const { chapters } = useVideoChapters(video);
  const [chapter, setChapter] = useState<number | null>(null);
  if (target && target.nonce !== seekNonce) {
    setSeekNonce(target.nonce);
    setQuery('');
    setChapter(null);
  }
  // The transcript follows the video until the user scrolls it; a moment opened anywhere resumes following.
  const { status } = usePlayerControls();
  const currentSegment = usePlayerSelector((time) =>
    status === 'ready' ? segmentIndexAt(segments, time) : null,
  );
  const [following, setFollowing] = useState(true);
  const [followNonce, setFollowNonce] = useState(0);
  if (target && target.nonce !== followNonce) {
    setFollowNonce(target.nonce);
    setFollowing(true);
  }
  const pauseFollowing = useCallback(() => setFollowing(false), []);
  // Typing stays responsive: the list filters against the deferred query.
  const deferredQuery = useDeferredValue(query);
  const focus = useMemo<TranscriptFocus | null>(
    () => (target ? { segmentIndex: segmentAtMoment(segments, target.start), nonce: target.nonce } : null),
    [target, segments],
  );
  const offsets = useMemo(() => segmentOffsets(segments), [segments]);
  const searchIndex = useMemo(() => buildSearchIndex(segments), [segments]);
  const indices = useMemo(() => {
    const found = filterSegmentIndices(searchIndex, deferredQuery);
    if (chapter === null || chapter >= chapters.length) return found;
    const [from, to] = chapterSegmentRange(segments, chapters, chapter);
    return found.filter((index) => index >= from && index < to);
  }, [searchIndex, deferredQuery, chapter, chapters, segments]);
  const bySegment = useMemo(
    () => highlightsBySegment(video.highlights, offsets),
    [video.highlights, offsets],
  );
  const summary = summarizeSearch(deferredQuery, indices.length, segments.length);
  const createHighlight = useCreateHighlight(video.id);
  const deleteHighlight = useDeleteHighlight(video.id);
  const { copied, copy } = useCopy();
  const switchId = useId();

  const onSelect = useCallback(
    (picked: SegmentSelection | null) => {
      const segment = picked ? segments[picked.segmentIndex] : undefined;
      if (!picked || !segment) {
        setSelection(null);
        return;
      }
      setSelection(
        selectionToRange(segment.text, offsets[picked.segmentIndex] ?? 0, picked.start, picked.end),
      );
    },
    [segments, offsets],
  );

  const saveHighlight = (color: HighlightColor) => {
    if (!selection) return;
    createHighlight.mutate(
      { ...selection, color },
      {
        onSuccess: () => {
          toast({ title: 'Highlight saved!' });
          setSelection(null);
          window.getSelection()?.removeAllRanges();
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to save highlight. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const { mutate: removeHighlight } = deleteHighlight;
  const onDeleteHighlight = useCallback(
    (highlight: Highlight) => {
      removeHighlight(highlight.id, { onSuccess: () => toast({ title: 'Highlight deleted' }) });
    },
    [removeHighlight],
  );

  const onCopy = async () => {
    if (await copy(selection?.text ?? video.transcriptText)) toast({ title: 'Copied!' });
  };

  return (
    <Card className="gap-4">
      <CardHeader className="gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg leading-none font-semibold">Transcript</h2>
          <div className="flex items-center gap-4">
            <div className="flex items-center gap-2">
              <Switch id={switchId} checked={showTimestamps} onCheckedChange={setShowTimestamps} />
              <Label htmlFor={switchId}>Timestamps</Label>
            </div>
            <Button variant="outline" size="sm" onClick={() => void onCopy()}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        {isUploadedRecording(video) || video.transcribedBy ? null : <CaptionTrackSelect video={video} />}
        {chapters.length > 0 ? (
          <ChapterFilter chapters={chapters} chapter={chapter} onChapter={setChapter} />
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <div className="relative min-w-48 flex-1">
            <Search
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              type="search"
              aria-label="Search transcript"
              placeholder="Search transcript..."
              className="pl-9"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <span aria-live="polite" className="contents">
            {summary.showCount ? <Badge variant="secondary">{`${indices.length} results`}</Badge> : null}
          </span>
          {summary.showClear ? (
            <Button variant="ghost" size="sm" onClick={() => setQuery('')}>
              Clear
            </Button>
          ) : null}
        </div>
      </CardHeader>
      {/* The query the list below shows (it trails the input while typing); benchmarks time paints by it. */}
      <CardContent className="relative" data-search-query={deferredQuery}>
        {status === 'ready' && !following && deferredQuery === '' && chapter === null ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 z-10 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              className="pointer-events-auto shadow-md"
              onClick={() => setFollowing(true)}
            >
              <LocateFixed aria-hidden />
              Back to the video
            </Button>
          </div>
        ) : null}
        {selection ? (
          <HighlightMenu
            pending={createHighlight.isPending}
            onPick={saveHighlight}
            onDismiss={() => setSelection(null)}
          />
        ) : null}
        {summary.noResults ? (
          <p className="py-12 text-center text-muted-foreground">{`No results found for "${deferredQuery}"`}</p>
        ) : segments.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">This video has no transcript text.</p>
        ) : (
          <TranscriptList
            segments={segments}
            offsets={offsets}
            indices={indices}
            highlightsBySegment={bySegment}
            showTimestamps={showTimestamps}
            searchActive={summary.showCount}
            videoId={video.id}
            focus={deferredQuery === '' ? focus : null}
            currentSegment={currentSegment}
            // Following moves through the whole video: not while a search or a chapter narrows the list.
            follow={following && deferredQuery === '' && chapter === null}
            onUserScroll={pauseFollowing}
            onSelect={onSelect}
            onDeleteHighlight={onDeleteHighlight}
          />
        )}
      </CardContent>
    </Card>
  );
}
