import {
  lectureNumberLabel,
  NO_COURSE_CARDS_TO_EXPORT,
  NO_COURSE_MATERIAL_TO_EXPORT,
  nothingInCourseToExport,
} from './course-exports';

describe('what a course export needs', () => {
  it('needs a lecture with flashcards or a quiz for the Anki package', () => {
    expect(nothingInCourseToExport('apkg', { cards: false, studyMaterial: true })).toBe(
      NO_COURSE_CARDS_TO_EXPORT,
    );
    expect(nothingInCourseToExport('apkg', { cards: true, studyMaterial: true })).toBeNull();
  });

  it('needs a lecture with study material, highlights or notes for the study guide', () => {
    for (const format of ['md', 'pdf', 'docx'] as const) {
      expect(nothingInCourseToExport(format, { cards: false, studyMaterial: false })).toBe(
        NO_COURSE_MATERIAL_TO_EXPORT,
      );
      expect(nothingInCourseToExport(format, { cards: false, studyMaterial: true })).toBeNull();
    }
  });

  it('numbers lectures with two digits', () => {
    expect([1, 9, 10, 120].map(lectureNumberLabel)).toEqual(['01', '09', '10', '120']);
  });
});
