import {
  TIMESTAMP_PATTERN,
  parseOutline,
  type CourseLectureMaterial,
  type CourseOutline,
  type CourseSummaryOutput,
} from '@lectern/contracts';
import { tokenize } from '../reading/nlp';

// A cited moment or group of them, `[12:34]` or `[1:02, 3:04]`: a course summary's part has no video to point at.
const CITED_MOMENTS = new RegExp(
  String.raw`\s*\[${TIMESTAMP_PATTERN}(?:\s*[,–-]\s*${TIMESTAMP_PATTERN})*\]`,
  'gu',
);

/** The course outline by concatenation: each lecture's outline sections under the lecture, moments on its video. */
export function courseOutlineOf(lectures: readonly CourseLectureMaterial[]): CourseOutline {
  return {
    lectures: lectures.map(({ text, ...lecture }) => ({
      ...lecture,
      sections: parseOutline(text).sections.map((section) => ({
        title: section.title,
        moment: { videoId: lecture.videoId, start: section.start },
        points: section.points.map((point) => ({
          text: point.text,
          moment: { videoId: lecture.videoId, start: point.start },
        })),
      })),
    })),
  };
}

/** The course summary by concatenation: each lecture's summary's first sentence under the lecture. */
export function courseSummaryOf(lectures: readonly CourseLectureMaterial[]): CourseSummaryOutput {
  return {
    overview: null,
    lectures: lectures.map(({ text, ...lecture }) => ({ ...lecture, summary: firstSentence(text) })),
  };
}

/** The first sentence of a summary's prose, as wink-nlp bounds it; headings, list marks and moments left out. */
export function firstSentence(markdown: string): string {
  const prose = markdown
    .split(/\r?\n/u)
    .filter((line) => !/^\s*#/u.test(line))
    .map((line) => line.replace(/^\s*(?:[-*]|\d+\.)\s+/u, '').trim())
    .join(' ')
    .replace(CITED_MOMENTS, '')
    .replace(/\*\*/gu, '')
    .trim();
  if (prose === '') return '';
  const tokens = tokenize(prose);
  const [first] = tokens.sentenceSpans;
  if (!first) return prose;
  const [from, to] = first;
  const end = (tokens.offset[to] ?? prose.length) + (tokens.value[to]?.length ?? 0);
  return prose.slice(tokens.offset[from] ?? 0, end).trim();
}
