import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { ReadinessIndicators } from './readiness.indicators';
import { ReadinessService } from './readiness.service';

/** Liveness and readiness routes: PostgreSQL, Redis and the worker services' heartbeats. */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [ReadinessIndicators, ReadinessService],
})
export class HealthModule {}
