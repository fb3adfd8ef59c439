import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  LoginRequestSchema,
  SignupRequestSchema,
  UpdateProfileRequestSchema,
  type User,
} from '@lectern/contracts';
import type { z } from 'zod';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { sendRevalidatableJson } from '../http/revalidatable-json';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { UsersService } from '../users/users.service';
import { MailOutbox } from '../mail/mail-outbox';
import { AuthRateLimiter } from './auth-rate-limiter';
import { AuthService } from './auth.service';
import { AuthAttemptGuard, clientIp, CurrentUser, LocalAuthGuard, SignedInGuard } from './guards';
import { logIn, logOut } from './session-login';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly limiter: AuthRateLimiter,
    private readonly mail: MailOutbox,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post('signup')
  @UseGuards(AuthAttemptGuard(SignupRequestSchema, 'signup'))
  async signup(@Body() body: z.output<typeof SignupRequestSchema>, @Req() req: Request): Promise<User> {
    const user = await this.auth.signup(body);
    await logIn(req, user);
    // The account works at once; the confirmation email follows from the mail worker.
    await this.mail.trySend('send-email-verification', { userId: user.id }, 'free');
    return toUser(user);
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(AuthAttemptGuard(LoginRequestSchema, 'login'), LocalAuthGuard)
  async login(@CurrentUser() user: UserRecord, @Req() req: Request): Promise<User> {
    req.session.signedInAt = Date.now();
    await this.limiter.loginSucceeded(clientIp(req), user.email);
    return toUser(user);
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ ok: true }> {
    await logOut(req, res, this.env);
    return { ok: true };
  }

  @Get('me')
  @UseGuards(SignedInGuard)
  async me(@CurrentUser() user: UserRecord, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Asked on every page load: revalidated (304) while the account is unchanged.
    await sendRevalidatableJson(req, res, JSON.stringify(toUser(user)));
  }

  @Patch('me')
  @UseGuards(SignedInGuard)
  async updateMe(@CurrentUser() user: UserRecord, @Body() body: unknown): Promise<User> {
    const { name } = parseWith(UpdateProfileRequestSchema, body);
    return toUser(await this.users.updateName(user.id, name === '' ? null : name));
  }
}
