import { Controller, Get, UseGuards } from '@nestjs/common';
import type { UsageStats, User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { UsageService } from './usage.service';

@Controller('api/usage')
@UseGuards(SignedInGuard)
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  stats(@SignedInUser() user: User): Promise<UsageStats> {
    return this.usage.stats(user);
  }
}
