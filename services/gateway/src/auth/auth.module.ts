import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './password-hasher';
import { SessionSerializer } from './session.serializer';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AuthController],
  providers: [AuthService, PasswordHasher, LocalStrategy, SessionSerializer, AuthRateLimiter],
  exports: [PasswordHasher, AuthRateLimiter],
})
export class AuthModule {}
