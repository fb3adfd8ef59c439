import { Global, Module } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';

/** The gateway's side of mail: queueing for the mail worker (and, with DEV_MAIL_PAGE, the `/dev/mail` page). */
@Global()
@Module({ providers: [MailOutbox], exports: [MailOutbox] })
export class MailModule {}
