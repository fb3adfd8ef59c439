import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Db } from '@lectern/db';
import { MediaStore } from '@lectern/handovers';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { DB } from '../database/database.module';

/** Lets go of the media store's S3 sockets on shutdown (its PostgreSQL connections are the DataSource's). */
@Injectable()
class MediaStoreShutdown implements OnApplicationShutdown {
  constructor(@Inject(MediaStore) private readonly media: MediaStore) {}

  onApplicationShutdown(): Promise<void> {
    return this.media.close();
  }
}

/** Uploaded recordings' bytes: PostgreSQL chunks, or the EXPORT_S3_URL bucket. */
@Module({
  providers: [
    {
      provide: MediaStore,
      inject: [GATEWAY_ENV, DB],
      useFactory: (env: GatewayEnv, db: Db) => new MediaStore(db, env.EXPORT_S3_URL),
    },
    MediaStoreShutdown,
  ],
  exports: [MediaStore],
})
export class MediaStoreModule {}
