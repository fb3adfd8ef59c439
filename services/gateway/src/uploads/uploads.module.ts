import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Db } from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { DB } from '../database/db';
import { UploadsController } from './uploads.controller';
import { UPLOAD_LIMITS, UploadsService, type UploadLimits } from './uploads.service';

/** Lets go of the media store's S3 sockets on shutdown (its PostgreSQL connections are the DataSource's). */
@Injectable()
class MediaStoreShutdown implements OnApplicationShutdown {
  constructor(@Inject(MediaStore) private readonly media: MediaStore) {}

  onApplicationShutdown(): Promise<void> {
    return this.media.close();
  }
}

/** Recordings users upload (tus, mounted in http-pipeline.ts) and their transcription's progress. */
@Module({
  controllers: [UploadsController],
  providers: [
    {
      provide: MediaStore,
      inject: [GATEWAY_ENV, DB],
      useFactory: (env: GatewayEnv, db: Db) => new MediaStore(db, env.EXPORT_S3_URL),
    },
    {
      provide: UPLOAD_LIMITS,
      inject: [GATEWAY_ENV],
      useFactory: (env: GatewayEnv): UploadLimits => ({
        maxMegabytes: env.UPLOAD_MAX_MB,
        maxMinutes: env.UPLOAD_MAX_MINUTES,
      }),
    },
    UploadsService,
    MediaStoreShutdown,
  ],
  exports: [MediaStore, UploadsService, UPLOAD_LIMITS],
})
export class UploadsModule {}
