import { Global, Module } from '@nestjs/common';
import { JobStreams } from './job-streams';
import { StreamReaderSlots } from './stream-reader-slots';
import { StreamsController } from './streams.controller';

/** Streamed answers: job streams in Redis, relayed as Server-Sent Events by any gateway. */
@Global()
@Module({
  controllers: [StreamsController],
  providers: [JobStreams, StreamReaderSlots],
  exports: [JobStreams],
})
export class StreamsModule {}
