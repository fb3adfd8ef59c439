/** Every TanStack Query key of the web app, in one place. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  /** Set when the user logs out, so the signed-in screens send them home rather than to /login. */
  loggedOut: ['auth', 'logged-out'] as const,
  videos: {
    all: ['videos'] as const,
    list: () => ['videos', 'list'] as const,
    detail: (id: string) => ['videos', 'detail', id] as const,
    tracks: (id: string) => ['videos', 'tracks', id] as const,
    /** How the transcription of an uploaded recording goes. */
    transcription: (id: string) => ['videos', 'transcription', id] as const,
  },
  courses: {
    all: ['courses'] as const,
    list: () => ['courses', 'list'] as const,
    detail: (id: string) => ['courses', 'detail', id] as const,
  },
  samples: ['samples'] as const,
  playerConfig: ['player-config'] as const,
  aiContent: (videoId: string) => ['ai-content', videoId] as const,
  /** A course's newest outline and summary. */
  courseAiContent: (courseId: string) => ['course-ai-content', courseId] as const,
  questions: (videoId: string) => ['ai-questions', videoId] as const,
  courseQuestions: (courseId: string) => ['ai-course-questions', courseId] as const,
  usage: ['usage'] as const,
  quizzes: {
    /** The video's quiz as the stored item `itemId` holds it: a new generation is read afresh. */
    quiz: (videoId: string, itemId: string) => ['quizzes', videoId, 'quiz', itemId] as const,
    attempts: (videoId: string) => ['quizzes', videoId, 'attempts'] as const,
    settings: ['quiz-settings'] as const,
  },
  review: {
    all: ['review'] as const,
    /** Every list of cards due. */
    dueLists: ['review', 'due'] as const,
    /** The first cards due now and how many in all: the whole library's (/review), or one video's. */
    due: (videoId?: string) => ['review', 'due', videoId ?? 'library'] as const,
    /** How many cards are due across the library: the navigation's count. */
    dueCount: ['review', 'due-count'] as const,
    /** How a video's review stands before its exam (its date included). */
    exam: (videoId: string) => ['review', 'exam', videoId] as const,
    /** Every exam still to come, with its pace. */
    exams: ['review', 'exams'] as const,
  },
};
