import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Highlight, HighlightColor } from '@lectern/contracts';

@Entity({ name: 'highlights' })
export class HighlightEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'video_id', type: 'uuid' })
  videoId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'start_index', type: 'integer' })
  startIndex!: number;

  @Column({ name: 'end_index', type: 'integer' })
  endIndex!: number;

  @Column({ type: 'text' })
  color!: HighlightColor;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export function toHighlight(entity: HighlightEntity): Highlight {
  return {
    id: entity.id,
    videoId: entity.videoId,
    text: entity.text,
    startIndex: entity.startIndex,
    endIndex: entity.endIndex,
    color: entity.color,
  };
}
