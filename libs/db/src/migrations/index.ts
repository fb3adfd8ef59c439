import { CreateUsers1795300000000 } from './1795300000000-create-users';
import { CreateLibrary1795305000000 } from './1795305000000-create-library';
import { CreateBilling1795310000000 } from './1795310000000-create-billing';
import { CreateAiContent1795315000000 } from './1795315000000-create-ai-content';
import { CreateUsageReservations1795320000000 } from './1795320000000-create-usage-reservations';
import { IndexUnprocessedStripeEvents1795321700000 } from './1795321700000-index-unprocessed-stripe-events';
import { CaptionTracks1795330000000 } from './1795330000000-caption-tracks';
import { CreateAccountTokens1795331000000 } from './1795331000000-create-account-tokens';
import { DeletedStripeCustomers1795332000000 } from './1795332000000-deleted-stripe-customers';
import { CreateExportFiles1795333000000 } from './1795333000000-create-export-files';
import { CreateAiQuestions1795400000000 } from './1795400000000-create-ai-questions';
import { CreateReviewCards1795400100000 } from './1795400100000-create-review-cards';
import { CreateTranscriptAnswers1795400200000 } from './1795400200000-create-transcript-answers';
import { DropStaleTranscriptAnswers1795400300000 } from './1795400300000-drop-stale-transcript-answers';
import { StripePricesAndPrunedEvents1795400600000 } from './1795400600000-stripe-prices-and-pruned-events';
import { CreateMediaTranscription1795400700000 } from './1795400700000-create-media-transcription';
import { ChaptersAndOutlines1795400900000 } from './1795400900000-chapters-and-outlines';
import { UploadedLibraryItems1795401000000 } from './1795401000000-uploaded-library-items';
import { SpeechTranscriptsOfYoutubeVideos1795401050000 } from './1795401050000-speech-transcripts-of-youtube-videos';
import { Quizzes1795401100000 } from './1795401100000-quizzes';
import { QuizAttemptsAndCards1795401200000 } from './1795401200000-quiz-attempts-and-cards';
import { ExamDates1795401300000 } from './1795401300000-exam-dates';
import { Courses1795401400000 } from './1795401400000-courses';
import { VideoProgress1795401500000 } from './1795401500000-video-progress';
import { CourseQuestions1795401600000 } from './1795401600000-course-questions';
import { CourseAiContent1795401700000 } from './1795401700000-course-ai-content';

/** Every migration, oldest first. */
export const MIGRATIONS = [
  CreateUsers1795300000000,
  CreateLibrary1795305000000,
  CreateBilling1795310000000,
  CreateAiContent1795315000000,
  CreateUsageReservations1795320000000,
  IndexUnprocessedStripeEvents1795321700000,
  CaptionTracks1795330000000,
  CreateAccountTokens1795331000000,
  DeletedStripeCustomers1795332000000,
  CreateExportFiles1795333000000,
  CreateAiQuestions1795400000000,
  CreateReviewCards1795400100000,
  CreateTranscriptAnswers1795400200000,
  DropStaleTranscriptAnswers1795400300000,
  StripePricesAndPrunedEvents1795400600000,
  CreateMediaTranscription1795400700000,
  ChaptersAndOutlines1795400900000,
  UploadedLibraryItems1795401000000,
  SpeechTranscriptsOfYoutubeVideos1795401050000,
  Quizzes1795401100000,
  QuizAttemptsAndCards1795401200000,
  ExamDates1795401300000,
  Courses1795401400000,
  VideoProgress1795401500000,
  CourseQuestions1795401600000,
  CourseAiContent1795401700000,
];
