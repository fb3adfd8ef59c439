import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isAdmin } from '../auth/admin-only';
import { ReadinessService, type ReadinessReport } from './readiness.service';

@Controller('api/health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

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
  ): Promise<Omit<ReadinessReport, 'ready'>> {
    const { ready, message, details } = await this.readiness.report(isAdmin(req));
    if (!ready) res.status(503);
    return { message, details };
  }
}
