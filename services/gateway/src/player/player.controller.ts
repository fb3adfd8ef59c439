import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import type { PlayerConfig } from '@lectern/contracts';
import { SignedInGuard } from '../auth/guards';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';

/** Where the video page loads YouTube's IFrame Player API from (`YOUTUBE_IFRAME_API_URL`). */
@Controller('api/player')
@UseGuards(SignedInGuard)
export class PlayerController {
  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  @Get()
  config(): PlayerConfig {
    return { iframeApiUrl: this.env.YOUTUBE_IFRAME_API_URL };
  }
}
