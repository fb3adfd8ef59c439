import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MediaStoreModule } from '../uploads/media-store.module';
import { UsageModule } from '../usage/usage.module';
import { UsersModule } from '../users/users.module';
import { AccountDeletionService } from './account-deletion.service';
import { AccountExportService } from './account-export.service';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

/** What a person does with their own account: confirm the email, passwords, sessions, export, deletion. */
@Module({
  imports: [AuthModule, MediaStoreModule, UsersModule, UsageModule],
  controllers: [AccountController],
  providers: [AccountService, AccountExportService, AccountDeletionService],
})
export class AccountModule {}
