import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { youtubeWatchUrl, type VideoSummary } from '@lectern/contracts';
import { TranscriptEntity } from './transcript.entity';

/** A user's library entry for one video. */
@Entity({ name: 'videos' })
export class VideoEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'transcript_id', type: 'uuid' })
  transcriptId!: string;

  @ManyToOne(() => TranscriptEntity)
  @JoinColumn({ name: 'transcript_id' })
  transcript!: TranscriptEntity;

  @Column({ name: 'youtube_id', type: 'text' })
  youtubeId!: string;

  @Column({ type: 'text', default: '' })
  notes!: string;

  @Column({ name: 'notes_updated_at', type: 'timestamptz', nullable: true })
  notesUpdatedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

type SummaryFields = Pick<VideoEntity, 'id' | 'youtubeId' | 'createdAt'> &
  Pick<TranscriptEntity, 'title' | 'channelName' | 'thumbnailUrl' | 'duration'>;

export function videoSummary(fields: SummaryFields): VideoSummary {
  return {
    id: fields.id,
    youtubeId: fields.youtubeId,
    youtubeUrl: youtubeWatchUrl(fields.youtubeId),
    title: fields.title,
    channelName: fields.channelName,
    thumbnailUrl: fields.thumbnailUrl,
    duration: fields.duration,
    createdAt: fields.createdAt.toISOString(),
  };
}

export function toVideoSummary(video: VideoEntity, transcript: TranscriptEntity): VideoSummary {
  const { title, channelName, thumbnailUrl, duration } = transcript;
  return videoSummary({
    id: video.id,
    youtubeId: video.youtubeId,
    createdAt: video.createdAt,
    title,
    channelName,
    thumbnailUrl,
    duration,
  });
}
