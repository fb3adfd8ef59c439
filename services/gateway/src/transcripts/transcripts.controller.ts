import Negotiator from 'negotiator';
import { Body, Controller, Headers, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FetchTranscriptRequestSchema, type VideoSummary, type User } from '@lectern/contracts';
import { SignedInGuard, SignedInUser } from '../auth/guards';
import { parseWith } from '../http/zod';
import { TranscriptsService } from './transcripts.service';

// A browser sends a handful; anything past this is noise (or abuse) and is not passed to the worker.
const MAX_LANGUAGES = 8;
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

/**
 * The user's languages from an `Accept-Language` header, most wanted first (by quality, then order), as
 * language codes: `"de-AT,de;q=0.9,en;q=0.5"` → `["de-AT", "de", "en"]`. Wildcards, refused languages (q=0)
 * and malformed entries are left out.
 */
export function preferredLanguages(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const value = Array.isArray(header) ? header.join(',') : header;
  const languages = new Negotiator({ headers: { 'accept-language': value } }).languages();
  const seen = new Set<string>();
  const result: string[] = [];
  for (const language of languages) {
    const key = language.toLowerCase();
    if (!LANGUAGE_CODE.test(language) || language.length > 35 || seen.has(key)) continue;
    seen.add(key);
    result.push(language);
    if (result.length === MAX_LANGUAGES) break;
  }
  return result;
}

@Controller('api/transcripts')
@UseGuards(SignedInGuard)
export class TranscriptsController {
  constructor(private readonly transcripts: TranscriptsService) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(
    @SignedInUser() user: User,
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<VideoSummary> {
    const { youtubeUrl } = parseWith(FetchTranscriptRequestSchema, body);
    return this.transcripts.analyse(user, youtubeUrl, preferredLanguages(acceptLanguage));
  }
}
