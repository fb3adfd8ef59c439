import { Controller, Get, Headers, NotFoundException, Param, Res, UseGuards } from '@nestjs/common';
import type { User } from '@lectern/contracts';
import type { Response } from 'express';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { EventStream } from '../http/event-stream';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { STREAM_ID_HEADER } from './event-stream-answers';
import { JobStreams } from './job-streams';
import { StreamReaderSlots } from './stream-reader-slots';
import { STREAM_EXPIRED_MESSAGE, relayJobStream } from './event-stream-answers';

export const RESTARTING_MESSAGE = 'Lectern is restarting. Please try again in a moment.';
export const STREAM_NOT_FOUND = 'This answer is not being streamed (it may have finished a while ago).';
const ENTRY_ID = /^\d{1,20}-\d{1,20}$/;

/**
 * `GET /api/ai/streams/:id`: a streamed answer read again, on any gateway, from Redis: from its start, or after
 * the `Last-Event-ID` a reconnecting client sends. Only its owner may read it; any other id is 404. A user holds
 * at most STREAM_READERS_PER_USER readers at once (429 past them).
 */
@Controller('api/ai/streams')
@UseGuards(SignedInGuard)
export class StreamsController {
  constructor(
    private readonly streams: JobStreams,
    private readonly readerSlots: StreamReaderSlots,
  ) {}

  @Get(':id')
  async read(
    @SignedInUser() user: User,
    @Param('id', new ParseIdPipe(STREAM_NOT_FOUND)) id: string,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    if (!(await this.streams.isOwnedBy(id, user.id))) throw new NotFoundException(STREAM_NOT_FOUND);
    const after = lastEventId !== undefined && ENTRY_ID.test(lastEventId) ? lastEventId : '0';
    const release = await this.readerSlots.take(user.id);
    try {
      const events = new EventStream(res, { [STREAM_ID_HEADER]: id });
      // A read that fails as the gateway stops (its connection closed under it) is a restart, not an expiry.
      const ended = await relayJobStream(events, this.streams, id, { after }).catch(() =>
        this.streams.isStopping ? ('stopped' as const) : ('expired' as const),
      );
      if (ended === 'expired') events.send('error', { message: STREAM_EXPIRED_MESSAGE });
      // Reading again from the last event's id, on this gateway once it is back or on another, continues.
      else if (ended === 'stopped' && this.streams.isStopping)
        events.send('error', { message: RESTARTING_MESSAGE });
      events.end();
    } finally {
      await release();
    }
  }
}
