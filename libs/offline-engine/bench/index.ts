// The engine's lectures and measurements, for the ai worker's tests and benchmark (never its production code).
export { autoCaptions, punctuatedCaptions, transcriptText } from './lectures/caption-builders';
export { LECTURE_TEXT, LECTURE_TITLE } from './lectures/memory-lecture';
export { autoCaptionLecture, punctuatedLecture } from './lectures/memory-lecture-captions';
export { oneHourLecture, tenHourLecture } from './lectures/long-lectures';
export { syntheticLecture } from './synthetic-lecture';
export { benchOfflineEngine, type OfflineBenchReport } from './offline-bench';
export { benchOfflineAsk, percentile, printAskReport, type AskBenchReport } from './ask-bench';
export { benchRealLectures, type RealLectureReport } from './real-lecture-bench';
export { benchEngineQuizzes, type EngineQuizReport } from './model-quiz-quality';
export { sampleLectures, type SampleLecture } from './lectures/catalogue';
