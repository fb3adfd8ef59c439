import { Controller, Get, Res } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { ReadinessIndicators } from './readiness.indicators';

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessIndicators,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL, Redis and every worker service are reachable. 503 with the failing parts otherwise. */
  @Get('ready')
  async ready(
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string; details: HealthCheckResult['details'] }> {
    const result = await this.health
      .check([() => this.readiness.postgres(), () => this.readiness.redis(), () => this.readiness.workers()])
      .catch((error: { response?: HealthCheckResult }) => {
        if (error.response?.details) return error.response;
        throw error;
      });
    const down = Object.entries(result.details)
      .filter(([, detail]) => (detail as { status?: string }).status === 'down')
      .map(([name]) => name);
    if (down.length > 0) {
      res.status(503);
      return { message: `Lectern is not ready: ${down.join(', ')} unavailable.`, details: result.details };
    }
    return { message: 'Lectern is ready.', details: result.details };
  }
}
