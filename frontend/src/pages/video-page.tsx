import { hasProAccess, type Video } from '@lectern/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/http';
import { AiToolsPanel } from '@/components/ai/ai-tools-panel';
import { ChaptersCard } from '@/components/video/chapters/chapters-card';
import { WithMoments, WithSeek } from '@/components/video/chapters/with-moments';
import { MindMapCard } from '@/components/video/mind-map/mind-map-card';
import { NotesCard } from '@/components/video/notes-card';
import { TranscriptPanel } from '@/components/video/transcript-panel';
import { PlayerProvider, TranscriptMomentsProvider } from '@/components/video/player/player-context';
import { usePlayerKeys } from '@/components/video/player/player-keys';
import { ReportWatchedPosition } from '@/components/video/player/report-watched-position';
import { VideoPlayer } from '@/components/video/player/video-player';
import { TranscriptSeekProvider, useTranscriptSeek } from '@/components/video/transcript-seek';
import { TranscriptionStatus } from '@/components/video/transcription-status';
import { VideoHeader } from '@/components/video/video-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/hooks/use-auth';
import { usePlayerConfig } from '@/hooks/use-player-config';
import { useUploadTranscription } from '@/hooks/use-upload-transcription';
import { useVideo } from '@/hooks/use-videos';
import { parseMomentParam } from '@/lib/moments';
import { isAwaitingSpeechTranscript, isUploadedRecording } from '@/lib/recording';
import { ROUTES } from '@/routes';

function VideoSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true" aria-label="Loading video">
      <Skeleton className="h-8 w-24" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Skeleton className="aspect-video" />
        <Skeleton className="h-[600px]" />
      </div>
    </div>
  );
}

export default function VideoPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const startAt = parseMomentParam(searchParams.get('t'));
  const video = useVideo(id);
  const { user } = useSession();
  const isPro = user ? hasProAccess(user) : false;

  if (video.isPending) return <VideoSkeleton />;
  if (video.isError) {
    const missing = video.error instanceof ApiError && video.error.status === 404;
    return (
      <Card className="mx-auto max-w-md items-center px-6 py-12 text-center">
        <h1 className="text-2xl font-semibold">
          {missing ? 'Video not found' : 'This video could not be loaded'}
        </h1>
        {missing ? null : <p className="text-muted-foreground">Please try again in a moment.</p>}
        <Button asChild>
          <Link to={ROUTES.dashboard}>Back to Dashboard</Link>
        </Button>
      </Card>
    );
  }

  if (isUploadedRecording(video.data))
    return <RecordingView key={video.data.id} video={video.data} isPro={isPro} startAt={startAt} />;
  if (isAwaitingSpeechTranscript(video.data))
    return <YouTubeAudioView key={video.data.id} video={video.data} isPro={isPro} startAt={startAt} />;

  return (
    <TranscriptSeekProvider>
      <VideoPlayerProvider
        key={video.data.id}
        videoId={video.data.id}
        youtubeId={video.data.youtubeId}
        startAt={startAt}
      >
        <div className="space-y-6 pb-20 lg:pb-0">
          <VideoHeader video={video.data} isPro={isPro} transcribedBy={video.data.transcribedBy ?? null} />
          {/* Wide: the player and the study tools beside the transcript and notes; narrow: the player first. */}
          <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr] lg:grid-rows-[auto_1fr]">
            <div className="min-w-0 lg:col-start-1 lg:row-start-1">
              <VideoPlayer video={video.data} />
            </div>
            <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <WithMoments>{(moments) => <ChaptersCard video={video.data} {...moments} />}</WithMoments>
              <TranscriptPanel video={video.data} />
              <NotesCard key={video.data.id} video={video.data} />
            </div>
            <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2">
              <AiToolsPanel videoId={video.data.id} isPro={isPro} />
              <WithSeek>
                {(onSeek) => <MindMapCard video={video.data} isPro={isPro} onSeek={onSeek} />}
              </WithSeek>
            </div>
          </div>
        </div>
      </VideoPlayerProvider>
    </TranscriptSeekProvider>
  );
}

/**
 * An uploaded recording's page: no player (its timestamps show their moment in the transcript); while speech
 * recognition writes the transcript, how far it is; then the transcript and every study tool as for a video.
 */
function RecordingView({ video, isPro, startAt }: { video: Video; isPro: boolean; startAt: number | null }) {
  // A video answer that names its model has the whole transcript: nothing to wait for.
  const transcribed = Boolean(video.transcribedBy);
  const transcription = useUploadTranscription(video.id, !transcribed);
  const ready = transcribed || transcription.data?.state === 'done' || transcription.isError;
  return (
    <TranscriptSeekProvider>
      <RecordingMoments startAt={ready ? startAt : null}>
        <div className="space-y-6 pb-20 lg:pb-0">
          <VideoHeader
            video={video}
            isPro={isPro}
            recording
            exportable={ready}
            transcribedBy={video.transcribedBy ?? transcription.data?.transcribedBy ?? null}
          />
          {ready ? (
            <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
              <div className="min-w-0 space-y-6 lg:col-start-2 lg:row-start-1">
                <WithMoments>{(moments) => <ChaptersCard video={video} {...moments} />}</WithMoments>
                <TranscriptPanel video={video} />
                <NotesCard key={video.id} video={video} />
              </div>
              <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
                <AiToolsPanel videoId={video.id} isPro={isPro} />
                <WithSeek>{(onSeek) => <MindMapCard video={video} isPro={isPro} onSeek={onSeek} />}</WithSeek>
              </div>
            </div>
          ) : (
            <TranscriptionStatus status={transcription.data} />
          )}
        </div>
      </RecordingMoments>
    </TranscriptSeekProvider>
  );
}

/**
 * A YouTube video whose audio speech recognition is transcribing: its player, and how far the transcription is in
 * place of the transcript; once done, the video is read again and shows as any other.
 */
function YouTubeAudioView({
  video,
  isPro,
  startAt,
}: {
  video: Video;
  isPro: boolean;
  startAt: number | null;
}) {
  const transcription = useUploadTranscription(video.id, true);
  return (
    <TranscriptSeekProvider>
      <VideoPlayerProvider videoId={video.id} youtubeId={video.youtubeId} startAt={startAt}>
        <div className="space-y-6 pb-20 lg:pb-0">
          <VideoHeader
            video={video}
            isPro={isPro}
            exportable={false}
            transcribedBy={transcription.data?.transcribedBy ?? null}
          />
          <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
            <div className="min-w-0">
              <VideoPlayer video={video} />
            </div>
            <TranscriptionStatus status={transcription.data} />
          </div>
        </div>
      </VideoPlayerProvider>
    </TranscriptSeekProvider>
  );
}

/** The transcript's seek, having shown `?t=`'s moment once (when the page was opened with one). */
function useSeekOnceTo(startAt: number | null): (seconds: number) => void {
  const { seek } = useTranscriptSeek();
  const shownStart = useRef(false);
  useEffect(() => {
    if (shownStart.current || startAt === null) return;
    shownStart.current = true;
    seek(startAt);
  }, [seek, startAt]);
  return seek;
}

/** Moments without a player: each shows its place in the transcript, and `?t=` opens the transcript there. */
function RecordingMoments({ startAt, children }: { startAt: number | null; children: ReactNode }) {
  const seek = useSeekOnceTo(startAt);
  return <TranscriptMomentsProvider onSeek={seek}>{children}</TranscriptMomentsProvider>;
}

/** The page's player: every seek also shows its moment in the transcript, and `?t=` opens the page there. */
function VideoPlayerProvider({
  videoId,
  youtubeId,
  startAt,
  children,
}: {
  videoId: string;
  youtubeId: string;
  startAt: number | null;
  children: ReactNode;
}) {
  const config = usePlayerConfig();
  const seek = useSeekOnceTo(startAt);
  // Without its address the player cannot load; the page says so as for any failed load.
  const iframeApiUrl = config.isError ? '' : config.data?.iframeApiUrl;
  return (
    <PlayerProvider youtubeId={youtubeId} iframeApiUrl={iframeApiUrl} startAt={startAt ?? 0} onSeek={seek}>
      <PlayerKeys />
      <ReportWatchedPosition videoId={videoId} />
      {children}
    </PlayerProvider>
  );
}

function PlayerKeys() {
  usePlayerKeys();
  return null;
}
