import { UploadsModule } from './uploads/uploads.module';
import { randomUUID } from 'node:crypto';
import { type DynamicModule, Module } from '@nestjs/common';
import { LOG_REDACT_PATHS } from '@lectern/queue-runtime';
import type { IncomingMessage } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { AiModule } from './ai/ai.module';
import { QuestionsModule } from './questions/questions.module';
import { AuthModule } from './auth/auth.module';
import { BillingModule } from './billing/billing.module';
import { CaptionTracksModule } from './caption-tracks/caption-tracks.module';
import { Clock, systemClock } from './common/clock';
import type { GatewayEnv } from './config/gateway-env';
import { GATEWAY_ENV } from './config/load-gateway-env';
import { DatabaseModule } from './database/database.module';
import { ExportModule } from './export/export.module';
import { HealthModule } from './health/health.module';
import { HighlightsModule } from './highlights/highlights.module';
import { JobsModule } from './jobs/jobs.module';
import { LibraryModule } from './library/library.module';
import { AccountModule } from './account/account.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { QueuesModule } from './queues/queues.module';
import { QuizzesModule } from './quizzes/quizzes.module';
import { CoursesModule } from './courses/courses.module';
import { ProgressModule } from './progress/progress.module';
import { ReviewModule } from './review/review.module';
import { StreamsModule } from './streams/streams.module';
import { PlayerModule } from './player/player.module';
import { SamplesModule } from './samples/samples.module';
import { TranscriptsModule } from './transcripts/transcripts.module';
import { UsageModule } from './usage/usage.module';
import { UsersModule } from './users/users.module';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** What tests may put in place of the real thing. */
export interface GatewayOptions {
  clock?: Clock;
}

@Module({})
export class AppModule {
  static forRoot(env: GatewayEnv, options: GatewayOptions = {}): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: env.LOG_LEVEL,
            base: { service: 'gateway' },
            genReqId: (req, res) => {
              const id = requestId(req);
              res.setHeader('X-Request-Id', id);
              return id;
            },
            customAttributeKeys: { reqId: 'requestId' },
            quietReqLogger: true,
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            autoLogging: { ignore: (req) => req.url?.startsWith('/api/health') ?? false },
            customLogLevel: (_req, res, error) =>
              error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          },
        }),
        DatabaseModule.forRoot(),
        QueuesModule,
        JobsModule,
        StreamsModule,
        MetricsModule,
        MailModule,
        UsersModule,
        AuthModule,
        AccountModule,
        BillingModule,
        HealthModule,
        UsageModule,
        LibraryModule,
        TranscriptsModule,
        HighlightsModule,
        CaptionTracksModule,
        SamplesModule,
        PlayerModule,
        ExportModule,
        AiModule,
        QuestionsModule,
        ReviewModule,
        QuizzesModule,
        CoursesModule,
        ProgressModule,
        UploadsModule,
      ],
      providers: [
        { provide: GATEWAY_ENV, useValue: env },
        { provide: Clock, useValue: options.clock ?? systemClock },
      ],
      exports: [GATEWAY_ENV, Clock],
    };
  }
}
