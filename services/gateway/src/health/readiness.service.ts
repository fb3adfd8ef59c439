import { Injectable } from '@nestjs/common';
import { HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { ReadinessIndicators } from './readiness.indicators';

type Details = HealthCheckResult['details'];

export interface ReadinessReport {
  ready: boolean;
  message: string;
  details: Details;
}

/**
 * What anyone may see: each part's status and the missing worker services. Error texts (addresses, driver
 * messages), process counts and which engine and model write are for signed-in admins only.
 */
export function publicDetails(details: Details): Details {
  return Object.fromEntries(
    Object.entries(details).map(([name, detail]) => {
      const { status, missing } = detail as { status: string; missing?: unknown };
      return [name, Array.isArray(missing) ? { status, missing } : { status }];
    }),
  ) as Details;
}

@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessIndicators,
  ) {}

  /**
   * PostgreSQL, Redis and every worker service; `forAdmin` keeps the error texts and process counts, and adds
   * `ai`: which engine and model each ai worker writes with (the offline engine has no server).
   */
  async report(forAdmin: boolean): Promise<ReadinessReport> {
    const result = await this.health
      .check([() => this.readiness.postgres(), () => this.readiness.redis(), () => this.readiness.workers()])
      .catch((error: { response?: HealthCheckResult }) => {
        if (error.response?.details) return error.response;
        throw error;
      });
    const down = Object.entries(result.details)
      .filter(([, detail]) => (detail as { status?: string }).status === 'down')
      .map(([name]) => name);
    const details = forAdmin
      ? { ...result.details, ai: { status: 'up' as const, engines: await this.readiness.aiEngines() } }
      : publicDetails(result.details);
    if (down.length > 0) {
      return { ready: false, message: `Lectern is not ready: ${down.join(', ')} unavailable.`, details };
    }
    return { ready: true, message: 'Lectern is ready.', details };
  }
}
