import { lectureNumberLabel } from '@lectern/contracts';
import type { ExportDocument } from './export-document';
import { storedFlashcards } from './flashcard-deck';
import { storedQuiz } from './quiz-sheet';
import { buildExportModel, exportDateText, sanitizeLine, type ExportModel } from './export-model';

/** A ready lecture of a course: its number in the course (1, 2, 3…, as the course page shows it) and its video. */
export interface CourseLecture {
  number: number;
  doc: ExportDocument;
}

/** Everything a course export shows: the course and its ready lectures in the course's order. */
export interface CourseExportDocument {
  courseId: string;
  title: string;
  exportedAt: Date;
  lectures: CourseLecture[];
}

/** A lecture as the study guide shows it: `NN. Lecture title` over the lecture's study material. */
export interface CourseLectureModel {
  heading: string;
  youtubeId: string | null;
  model: ExportModel;
}

export interface CourseExportModel {
  title: string;
  /** The lectures' language when they share one (a BCP 47 tag), else null. */
  language: string | null;
  exportedAt: string;
  lectures: CourseLectureModel[];
}

/** What the course has to export: cards for its Anki package, study material for its study guide. */
export function courseMaterial(course: CourseExportDocument): { cards: boolean; studyMaterial: boolean } {
  const docs = course.lectures.map((lecture) => lecture.doc);
  return {
    cards: docs.some((doc) => storedFlashcards(doc).length > 0 || storedQuiz(doc) !== null),
    studyMaterial: docs.some(
      (doc) =>
        doc.aiContent.some((item) => item.outputText.trim() !== '') ||
        doc.highlights.length > 0 ||
        (doc.notes ?? '').trim() !== '',
    ),
  };
}

/** Whether the lecture holds anything a study guide shows: AI study material, highlights or notes. */
export function hasStudyMaterial(model: Pick<ExportModel, 'aiSections' | 'highlights' | 'notes'>): boolean {
  return model.aiSections.length > 0 || model.highlights.length > 0 || model.notes !== '';
}

/** The course's title as exports write it (Untitled without one). */
export function courseTitle(course: Pick<CourseExportDocument, 'title'>): string {
  const title = sanitizeLine(course.title).replace(/\s+/gu, ' ').trim();
  return title === '' ? 'Untitled' : title;
}

export function buildCourseExportModel(course: CourseExportDocument): CourseExportModel {
  const lectures = course.lectures.map(({ number, doc }) => {
    const model = buildExportModel(doc);
    return { heading: `${lectureNumberLabel(number)}. ${model.title}`, youtubeId: doc.youtubeId, model };
  });
  const languages = new Set(lectures.map((lecture) => lecture.model.language));
  const [language] = languages;
  return {
    title: courseTitle(course),
    language: languages.size === 1 ? (language ?? null) : null,
    exportedAt: exportDateText(course.exportedAt),
    lectures,
  };
}
