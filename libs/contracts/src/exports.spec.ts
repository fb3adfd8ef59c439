import {
  isStudyMaterialExport,
  NO_FLASHCARDS_TO_EXPORT,
  NO_QUIZ_TO_EXPORT,
  nothingToExport,
} from './entities';

describe('what an export needs', () => {
  const none = { flashcards: false, quiz: false };

  it('needs nothing for the documents, which carry the whole video', () => {
    for (const format of ['txt', 'md', 'pdf', 'docx'] as const) {
      expect(isStudyMaterialExport(format)).toBe(false);
      expect(nothingToExport(format, none)).toBeNull();
    }
  });

  it('needs flashcards for the CSV, a quiz for GIFT and Moodle XML', () => {
    expect(nothingToExport('csv', none)).toBe(NO_FLASHCARDS_TO_EXPORT);
    expect(nothingToExport('csv', { flashcards: false, quiz: true })).toBe(NO_FLASHCARDS_TO_EXPORT);
    expect(nothingToExport('csv', { flashcards: true, quiz: false })).toBeNull();
    for (const format of ['gift', 'moodle'] as const) {
      expect(nothingToExport(format, { flashcards: true, quiz: false })).toBe(NO_QUIZ_TO_EXPORT);
      expect(nothingToExport(format, { flashcards: false, quiz: true })).toBeNull();
    }
  });

  it('makes an Anki deck of flashcards, a quiz or both', () => {
    expect(nothingToExport('apkg', none)).toBe(NO_FLASHCARDS_TO_EXPORT);
    expect(nothingToExport('apkg', { flashcards: false, quiz: true })).toBeNull();
    expect(nothingToExport('apkg', { flashcards: true, quiz: false })).toBeNull();
  });
});
