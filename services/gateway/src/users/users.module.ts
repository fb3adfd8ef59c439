import { Module } from '@nestjs/common';
import { UsersService } from './users.service';

/** The users table: accounts, their plan and profile. */
@Module({
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
