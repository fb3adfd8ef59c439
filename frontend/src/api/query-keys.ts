/** Every TanStack Query key of the web app, in one place. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  videos: {
    all: ['videos'] as const,
    list: () => ['videos', 'list'] as const,
    detail: (id: string) => ['videos', 'detail', id] as const,
  },
  aiContent: (videoId: string) => ['ai-content', videoId] as const,
  usage: ['usage'] as const,
};
