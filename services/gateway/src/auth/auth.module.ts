import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersService } from '../users/users.service';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './password-hasher';
import { SessionSerializer } from './session.serializer';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController],
  providers: [AuthService, UsersService, PasswordHasher, LocalStrategy, SessionSerializer, AuthRateLimiter],
  exports: [UsersService, PasswordHasher, AuthRateLimiter],
})
export class AuthModule {}
