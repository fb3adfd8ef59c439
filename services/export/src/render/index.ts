export { contentTypeFor, type ExportDocument } from './export-document';
export { renderExport } from './render-export';
export { buildFlashcardDeck, storedFlashcards, type FlashcardDeck } from './flashcard-deck';
export { storedQuiz, type QuizSheet } from './quiz-sheet';
