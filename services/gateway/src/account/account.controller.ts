import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AccountMessage,
  ChangePasswordRequestSchema,
  DeleteAccountRequestSchema,
  ForgotPasswordRequestSchema,
  ResetPasswordRequestSchema,
  VerifyEmailRequestSchema,
  type MessageResponse,
  type User,
} from '@lectern/contracts';
import { clientIp, CurrentUser, SignedInGuard } from '../auth/guards';
import { logIn, logOut } from '../auth/session-login';
import type { GatewayEnv } from '../config/gateway-env';
import { GATEWAY_ENV } from '../config/load-gateway-env';
import { parseWith } from '../http/zod';
import type { UserRecord } from '@lectern/db';
import { toUser } from '../users/to-user';
import { AccountDeletionService } from './account-deletion.service';
import { accountExportFileName, AccountExportService } from './account-export.service';
import { AccountService } from './account.service';

@Controller('api/auth')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly exports: AccountExportService,
    private readonly deletion: AccountDeletionService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /**
   * Only in a browser signed in to the link's own account: the link goes to the address, and whoever opens it
   * must not thereby raise the rights of a session someone else opened with that address.
   */
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Body() body: unknown, @Req() req: Request): Promise<MessageResponse> {
    if (!req.isAuthenticated()) throw new UnauthorizedException(AccountMessage.SignInToConfirm);
    const { token } = parseWith(VerifyEmailRequestSchema, body);
    return this.account.verifyEmail(req.user as UserRecord, token);
  }

  @Post('resend-verification')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  resendVerification(@CurrentUser() user: UserRecord): Promise<MessageResponse> {
    return this.account.resendVerification(user);
  }

  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(@Body() body: unknown, @Req() req: Request): Promise<MessageResponse> {
    return this.account.forgotPassword(clientIp(req), parseWith(ForgotPasswordRequestSchema, body).email);
  }

  /** Sets the new password and signs this browser in; every other session of the account has ended. */
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() body: unknown, @Req() req: Request): Promise<User> {
    const { token, password } = parseWith(ResetPasswordRequestSchema, body);
    const user = await this.account.resetPassword(clientIp(req), token, password);
    await logIn(req, user);
    return toUser(user);
  }

  /** Every other session ends; this one goes on under a new session id. */
  @Post('change-password')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async changePassword(
    @CurrentUser() current: UserRecord,
    @Body() body: unknown,
    @Req() req: Request,
  ): Promise<User> {
    const { currentPassword, newPassword } = parseWith(ChangePasswordRequestSchema, body);
    const user = await this.account.changePassword(current, clientIp(req), currentPassword, newPassword);
    await logIn(req, user);
    return toUser(user);
  }

  @Post('logout-all')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async logoutAll(
    @CurrentUser() user: UserRecord,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageResponse> {
    const answer = await this.account.signOutEverywhere(user);
    await logOut(req, res, this.env);
    return answer;
  }

  @Get('me/export')
  @UseGuards(SignedInGuard)
  async export(@CurrentUser() user: UserRecord, @Res() res: Response): Promise<void> {
    const now = new Date();
    const document = await this.exports.build(user, now);
    res.setHeader('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(JSON.stringify(document));
  }

  @Delete('me')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async deleteAccount(
    @CurrentUser() user: UserRecord,
    @Body() body: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageResponse> {
    const { password } = parseWith(DeleteAccountRequestSchema, body);
    const answer = await this.deletion.delete(user, clientIp(req), password);
    await logOut(req, res, this.env);
    return answer;
  }
}
