import { Controller, Get, Req, Res } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import type { Request, Response } from 'express';
import { isAdmin } from '../auth/admin-only';
import { ReadinessIndicators } from './readiness.indicators';

type Details = HealthCheckResult['details'];

/**
 * What anyone may see: each part's status and the missing worker services. Error texts (addresses, driver
 * messages) and process counts are for signed-in admins only.
 */
export function publicDetails(details: Details): Details {
  return Object.fromEntries(
    Object.entries(details).map(([name, detail]) => {
      const { status, missing } = detail as { status: string; missing?: unknown };
      return [name, Array.isArray(missing) ? { status, missing } : { status }];
    }),
  ) as Details;
}

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
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string; details: Details }> {
    const result = await this.health
      .check([() => this.readiness.postgres(), () => this.readiness.redis(), () => this.readiness.workers()])
      .catch((error: { response?: HealthCheckResult }) => {
        if (error.response?.details) return error.response;
        throw error;
      });
    const down = Object.entries(result.details)
      .filter(([, detail]) => (detail as { status?: string }).status === 'down')
      .map(([name]) => name);
    const details = isAdmin(req) ? result.details : publicDetails(result.details);
    if (down.length > 0) {
      res.status(503);
      return { message: `Lectern is not ready: ${down.join(', ')} unavailable.`, details };
    }
    return { message: 'Lectern is ready.', details };
  }
}
