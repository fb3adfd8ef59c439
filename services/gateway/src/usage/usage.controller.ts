import { Controller, Get, UseGuards } from '@nestjs/common';
import type { UsageStats } from '@lectern/contracts';
import { CurrentUser, SignedInGuard } from '../auth/guards';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { UsageService } from './usage.service';

@Controller('api/usage')
@UseGuards(SignedInGuard)
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  stats(@CurrentUser() user: UserRecord): Promise<UsageStats> {
    return this.usage.stats(toUser(user));
  }
}
