import { BOT_CHECK_REASONS, classifyPlayability, type PlayabilityStatus } from './playability';

const runs = (...texts: string[]) => ({ runs: texts.map((text) => ({ text })) });

describe('classifyPlayability', () => {
  it('plays an OK video', () => {
    expect(classifyPlayability({ status: 'OK', playableInEmbed: true } as PlayabilityStatus)).toBe('ok');
  });

  describe('the bot check', () => {
    it.each([
      ['en', 'Sign in to confirm you\u2019re not a bot'],
      ['en, straight apostrophe', "Sign in to confirm you're not a bot"],
      ['es', 'Inicia sesión para confirmar que no eres un bot'],
      ['fr', 'Connectez-vous pour confirmer que vous n\u2019êtes pas un robot'],
      ['de', 'Melde dich an, um zu bestätigen, dass du kein Bot bist'],
      ['pt', 'Faça login para confirmar que você não é um robô'],
      ['it', 'Accedi per confermare che non sei un bot'],
      ['pl', 'Zaloguj się, aby potwierdzić, że nie jesteś botem'],
    ])('is recognised in %s', (_language, reason) => {
      expect(classifyPlayability({ status: 'LOGIN_REQUIRED', reason })).toBe('bot-check');
    });

    it('is recognised from the error screen alone', () => {
      const status: PlayabilityStatus = {
        status: 'LOGIN_REQUIRED',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: runs('Sign in to confirm you\u2019re not a bot'),
            subreason: runs('This helps protect our community. ', 'Learn more'),
          },
        },
      };
      expect(classifyPlayability(status)).toBe('bot-check');
    });

    it("counts YouTube's session rate limit as one", () => {
      const reason = "This content isn't available, try again later.";
      expect(classifyPlayability({ status: 'UNPLAYABLE', reason })).toBe('bot-check');
    });

    it.each([
      ['nl', 'Log in om te bevestigen dat je geen bot bent'],
      ['ja', 'ボットではないことを確認するためにログインしてください'],
      ['no reason at all', undefined],
    ])('is assumed for a sign-in wanted for no known reason (%s)', (_language, reason) => {
      expect(classifyPlayability({ status: 'LOGIN_REQUIRED', reason })).toBe('bot-check');
    });

    it('knows every reason it lists', () => {
      for (const reason of BOT_CHECK_REASONS) {
        expect(classifyPlayability({ status: 'LOGIN_REQUIRED', reason })).toBe('bot-check');
      }
    });
  });

  it.each<[string, PlayabilityStatus, string]>([
    [
      'the age gate',
      {
        status: 'LOGIN_REQUIRED',
        reason: 'This video may be inappropriate for some users.',
        desktopLegacyAgeGateReason: 1,
      },
      'age-restricted',
    ],
    [
      'the age gate in any language',
      { status: 'LOGIN_REQUIRED', desktopLegacyAgeGateReason: 1 },
      'age-restricted',
    ],
    [
      '"confirm your age"',
      { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' },
      'age-restricted',
    ],
    ['the age check status', { status: 'AGE_CHECK_REQUIRED' }, 'age-restricted'],
    [
      'the age gate in Spanish',
      { status: 'LOGIN_REQUIRED', reason: 'Inicia sesión para confirmar tu edad' },
      'age-restricted',
    ],
    [
      'the age gate in Portuguese',
      { status: 'LOGIN_REQUIRED', reason: 'Faça login para confirmar sua idade' },
      'age-restricted',
    ],
    [
      'the age gate in Italian',
      { status: 'LOGIN_REQUIRED', reason: 'Accedi per confermare la tua età' },
      'age-restricted',
    ],
    ['a private video in French', { status: 'LOGIN_REQUIRED', reason: 'Vidéo privée' }, 'private'],
    ['a private video', { status: 'LOGIN_REQUIRED', reason: 'This video is private' }, 'private'],
    [
      'a private video by its error screen',
      {
        status: 'LOGIN_REQUIRED',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'Private video' },
            subreason: runs("Sign in if you've been granted access to this video"),
          },
        },
      },
      'private',
    ],
    ['a private video in Spanish', { status: 'LOGIN_REQUIRED', reason: 'Video privado' }, 'private'],
    [
      'members-only content',
      {
        status: 'UNPLAYABLE',
        reason:
          'Join this channel to get access to members-only content like this video, and other exclusive perks.',
      },
      'members-only',
    ],
    [
      'a video not available in this country',
      {
        status: 'UNPLAYABLE',
        reason: 'Video unavailable',
        errorScreen: {
          playerErrorMessageRenderer: {
            reason: { simpleText: 'Video unavailable' },
            subreason: { simpleText: 'The uploader has not made this video available in your country' },
          },
        },
      },
      'country',
    ],
    [
      'a video removed by its uploader',
      { status: 'ERROR', reason: 'This video has been removed by the uploader' },
      'removed',
    ],
    [
      'a video of a terminated account',
      {
        status: 'ERROR',
        reason:
          'This video is no longer available because the YouTube account associated with this video has been terminated.',
      },
      'removed',
    ],
    ['an unknown video', { status: 'ERROR', reason: 'This video is unavailable' }, 'unavailable'],
    ['a status with no reason', { status: 'UNPLAYABLE' }, 'unavailable'],
  ])('%s', (_name, status, expected) => {
    expect(classifyPlayability(status)).toBe(expected);
  });

  it('never takes the age gate or a private video for a bot check', () => {
    expect(classifyPlayability({ status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm your age' })).not.toBe(
      'bot-check',
    );
    expect(classifyPlayability({ status: 'LOGIN_REQUIRED', reason: 'This video is private' })).not.toBe(
      'bot-check',
    );
  });
});
