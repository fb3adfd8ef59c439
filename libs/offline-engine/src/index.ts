// What the offline engine offers Lectern: the engine itself and what every engine is asked and answers, the transcript index Ask searches, and the readers of
// the Markdown every engine writes.
export { OfflineEngine, OFFLINE_MODEL } from './offline-engine';
export type {
  AiEngine,
  Answer,
  AnswerRequest,
  AnswerResult,
  CourseReduceRequest,
  CourseReduceResult,
  DroppedCitations,
  GenerationRequest,
  GenerationResult,
  LectureChapter,
} from './requests';
export { courseOutlineOf, courseSummaryOf, firstSentence } from './course/course-reduce';
export { TranscriptIndex, type Passage, type PassageHit } from './search/transcript-index';
export * from './writing/markdown-shapes';
export { truncateAtWord } from './writing/text-style';
