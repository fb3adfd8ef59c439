import { Module } from '@nestjs/common';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { MediaStoreModule } from './media-store.module';
import { UploadsController } from './uploads.controller';
import { TranscriptionJobs } from './transcription-jobs';
import { UPLOAD_LIMITS, type UploadLimits } from './upload-limits';
import { UploadsService } from './uploads.service';
import { YouTubeAudioController } from './youtube-audio.controller';
import { YouTubeAudioService } from './youtube-audio.service';

/**
 * Recordings users upload (tus, mounted in http-pipeline.ts), YouTube videos' audio fetched by the media worker, and
 * their transcription's progress.
 */
@Module({
  imports: [MediaStoreModule],
  controllers: [UploadsController, YouTubeAudioController],
  providers: [
    {
      provide: UPLOAD_LIMITS,
      inject: [GATEWAY_ENV],
      useFactory: (env: GatewayEnv): UploadLimits => ({
        maxMegabytes: env.UPLOAD_MAX_MB,
        maxMinutes: env.UPLOAD_MAX_MINUTES,
      }),
    },
    TranscriptionJobs,
    UploadsService,
    YouTubeAudioService,
  ],
  exports: [MediaStoreModule, UploadsService, UPLOAD_LIMITS],
})
export class UploadsModule {}
