export { contentTypeFor, type ExportDocument } from './export-document';
export { renderCourseExport, renderExport } from './render-export';
export { courseMaterial, type CourseExportDocument, type CourseLecture } from './course-document';
export { buildFlashcardDeck, storedFlashcards, type FlashcardDeck } from './flashcard-deck';
export { storedQuiz, type QuizSheet } from './quiz-sheet';
