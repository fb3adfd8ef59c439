import {
  TIMESTAMP_PATTERN,
  formatTimestamp,
  parseOutline,
  type CourseAiType,
  type CourseLectureMaterial,
  type CourseOutline,
  type CourseOutlineSection,
  type CourseReduction,
  type CourseSummaryOutput,
} from '@lectern/contracts';
import type { DroppedCitations } from '@lectern/offline-engine';

// A lecture's part of the model's answer starts at its heading, `## Lecture N: …` (the number is what is read).
const LECTURE_HEADING = /^#{1,3}\s*(?:\*\*)?Lecture\s+(\d+)\b.*$/u;
const CITED_MOMENTS = new RegExp(
  String.raw`\s*\[${TIMESTAMP_PATTERN}(?:\s*[,–-]\s*${TIMESTAMP_PATTERN})*\]`,
  'gu',
);

/** What was read of a model's course outline or summary, or why it cannot be used. */
export type CourseAnswerReading =
  { reduction: CourseReduction; dropped: DroppedCitations } | { problem: string };

/**
 * Reads the model's answer as the course's outline or summary and checks it: every lecture sent must have its
 * part (in the course's order, whatever order the model wrote them in). In an outline, a point citing a moment
 * that is not in its lecture's own outline is removed, as the output guard removes moments never sent; a section
 * at such a moment starts at its first point kept; a lecture left with no point is missing.
 */
export function readCourseAnswer(
  type: CourseAiType,
  lectures: readonly CourseLectureMaterial[],
  answer: string,
): CourseAnswerReading {
  const { overview, parts } = splitByLecture(answer);
  const missing = lectures.filter((lecture) => !parts.has(lecture.number));
  if (missing.length > 0) return { problem: leftOut(missing) };
  const dropped: DroppedCitations = { moments: [], links: [] };
  if (type === 'summary') {
    const output: CourseSummaryOutput = {
      overview: prose(overview) || null,
      lectures: lectures.map(({ text: _material, ...lecture }) => ({
        ...lecture,
        summary: prose(parts.get(lecture.number) ?? ''),
      })),
    };
    const empty = output.lectures.filter((lecture) => lecture.summary === '');
    return empty.length > 0 ? { problem: leftOut(empty) } : { reduction: { type, output }, dropped };
  }
  const output: CourseOutline = {
    lectures: lectures.map(({ text, ...lecture }) => ({
      ...lecture,
      sections: sectionsAtGivenMoments(parts.get(lecture.number) ?? '', text, lecture.videoId, dropped),
    })),
  };
  const empty = output.lectures.filter((lecture) => lecture.sections.length === 0);
  return empty.length > 0 ? { problem: leftOut(empty) } : { reduction: { type, output }, dropped };
}

function leftOut(lectures: ReadonlyArray<{ number: number }>): string {
  const numbers = lectures.map((lecture) => lecture.number);
  return numbers.length === 1
    ? `it left out lecture ${numbers[0]}`
    : `it left out lectures ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** The text before the first lecture heading, and each lecture's part by its number (the first one written). */
function splitByLecture(answer: string): { overview: string; parts: Map<number, string> } {
  const overview: string[] = [];
  const parts = new Map<number, string[]>();
  // null: the lines of a lecture's part written again, which are not read.
  let current: string[] | null = overview;
  for (const line of answer.split(/\r?\n/u)) {
    const heading = LECTURE_HEADING.exec(line.trim());
    if (!heading) {
      current?.push(line);
      continue;
    }
    const number = Number(heading[1]);
    current = parts.has(number) ? null : [];
    if (current) parts.set(number, current);
  }
  return {
    overview: overview.join('\n'),
    parts: new Map([...parts].map(([number, lines]) => [number, lines.join('\n')])),
  };
}

function prose(text: string): string {
  return text
    .split(/\n\s*\n/u)
    .map((paragraph) => paragraph.replace(CITED_MOMENTS, '').replace(/\s+/gu, ' ').trim())
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

function sectionsAtGivenMoments(
  part: string,
  material: string,
  videoId: string,
  dropped: DroppedCitations,
): CourseOutlineSection[] {
  const given = new Set(
    parseOutline(material).sections.flatMap((section) => [
      section.start,
      ...section.points.map((point) => point.start),
    ]),
  );
  const sections: CourseOutlineSection[] = [];
  for (const section of parseOutline(part).sections) {
    const points = section.points.filter((point) => {
      if (given.has(point.start)) return true;
      dropped.moments.push(formatTimestamp(point.start));
      return false;
    });
    const start = given.has(section.start) ? section.start : points[0]?.start;
    if (!given.has(section.start)) dropped.moments.push(formatTimestamp(section.start));
    if (start === undefined || points.length === 0) continue;
    sections.push({
      title: section.title,
      moment: { videoId, start },
      points: points.map((point) => ({ text: point.text, moment: { videoId, start: point.start } })),
    });
  }
  return sections;
}
