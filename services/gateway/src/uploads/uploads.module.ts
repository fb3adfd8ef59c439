import { Module } from '@nestjs/common';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { MediaStoreModule } from './media-store.module';
import { UploadsController } from './uploads.controller';
import { UPLOAD_LIMITS, UploadsService, type UploadLimits } from './uploads.service';

/** Recordings users upload (tus, mounted in http-pipeline.ts) and their transcription's progress. */
@Module({
  imports: [MediaStoreModule],
  controllers: [UploadsController],
  providers: [
    {
      provide: UPLOAD_LIMITS,
      inject: [GATEWAY_ENV],
      useFactory: (env: GatewayEnv): UploadLimits => ({
        maxMegabytes: env.UPLOAD_MAX_MB,
        maxMinutes: env.UPLOAD_MAX_MINUTES,
      }),
    },
    UploadsService,
  ],
  exports: [MediaStoreModule, UploadsService, UPLOAD_LIMITS],
})
export class UploadsModule {}
