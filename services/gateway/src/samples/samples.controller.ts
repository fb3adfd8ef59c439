import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { SampleVideo } from '@lectern/contracts';
import { SignedInGuard } from '../auth/guards';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';

/** The videos the analyse page offers to try in one click (`SAMPLE_VIDEOS`; none unless set). */
@Controller('api/samples')
@UseGuards(SignedInGuard)
export class SamplesController {
  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  @Get()
  list(): SampleVideo[] {
    return this.env.SAMPLE_VIDEOS;
  }
}
