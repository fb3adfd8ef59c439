// InnerTube clients that YouTube serves caption tracks to without a proof-of-origin (PO) token, as the
// maintained extractors use them (yt-dlp's ANDROID_VR and IOS). youtube-transcript itself asks as ANDROID; a
// watch page is the WEB client, whose caption addresses increasingly need a token.

export interface InnerTubeClient {
  /** The `context.client` of the player request. */
  context: Record<string, string | number>;
  userAgent: string;
}

export const TOKENLESS_CAPTION_CLIENTS: readonly InnerTubeClient[] = [
  {
    context: {
      clientName: 'ANDROID_VR',
      clientVersion: '1.65.10',
      deviceMake: 'Oculus',
      deviceModel: 'Quest 3',
      androidSdkVersion: 32,
      osName: 'Android',
      osVersion: '12L',
    },
    userAgent:
      'com.google.android.apps.youtube.vr.oculus/1.65.10 (Linux; U; Android 12L; eureka-user Build/SQ3A.220605.009.A1) gzip',
  },
  {
    context: {
      clientName: 'IOS',
      clientVersion: '21.26.4',
      deviceMake: 'Apple',
      deviceModel: 'iPhone16,2',
      osName: 'iPhone',
      osVersion: '18.3.2.22D82',
    },
    userAgent: 'com.google.ios.youtube/21.26.4 (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)',
  },
];
