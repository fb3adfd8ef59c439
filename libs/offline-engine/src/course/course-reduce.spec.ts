import { parseOutline, type CourseLectureMaterial } from '@lectern/contracts';
import { OfflineEngine } from '../offline-engine';
import { courseOutlineOf, courseSummaryOf, firstSentence } from './course-reduce';

const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';

const outlines: CourseLectureMaterial[] = [
  {
    number: 1,
    videoId: FIRST,
    title: 'Cells',
    text: [
      '## [0:00] What a cell is',
      '',
      '- [0:05] Every living thing is made of cells',
      '- [1:10] The membrane keeps the inside apart',
      '',
      '## [2:30] Inside the cell',
      '',
      '- [2:45] The nucleus holds the DNA',
    ].join('\n'),
  },
  {
    number: 2,
    videoId: SECOND,
    title: 'Energy',
    text: '## [0:00] Respiration\n\n- [1:02:03] Mitochondria make ATP',
  },
];

describe('the offline course outline', () => {
  it('keeps every lecture in order, with its sections and points, each moment on its own video', () => {
    const outline = courseOutlineOf(outlines);
    expect(outline.lectures.map(({ number, title, videoId }) => [number, title, videoId])).toEqual([
      [1, 'Cells', FIRST],
      [2, 'Energy', SECOND],
    ]);
    expect(outline.lectures[0]?.sections).toEqual([
      {
        title: 'What a cell is',
        moment: { videoId: FIRST, start: 0 },
        points: [
          { text: 'Every living thing is made of cells', moment: { videoId: FIRST, start: 5 } },
          { text: 'The membrane keeps the inside apart', moment: { videoId: FIRST, start: 70 } },
        ],
      },
      {
        title: 'Inside the cell',
        moment: { videoId: FIRST, start: 150 },
        points: [{ text: 'The nucleus holds the DNA', moment: { videoId: FIRST, start: 165 } }],
      },
    ]);
    expect(outline.lectures[1]?.sections[0]?.points).toEqual([
      { text: 'Mitochondria make ATP', moment: { videoId: SECOND, start: 3723 } },
    ]);
  });

  it('holds every section and point of outlines the offline engine wrote', async () => {
    const engine = new OfflineEngine();
    const segments = Array.from({ length: 60 }, (_, index) => ({
      start: index * 20,
      duration: 20,
      text: `Sentence ${index + 1} explains how photosynthesis turns light into sugar in the leaf, step ${index + 1}.`,
    }));
    const { outputText } = await engine.generate({
      feature: 'outline',
      summaryLength: 'short',
      title: 'Plants',
      segments,
    });
    const lecture = parseOutline(outputText);
    const course = courseOutlineOf([{ number: 1, videoId: FIRST, title: 'Plants', text: outputText }]);
    expect(course.lectures[0]?.sections.map((section) => section.moment.start)).toEqual(
      lecture.sections.map((section) => section.start),
    );
    expect(
      course.lectures[0]?.sections.flatMap((section) => section.points.map((point) => point.text)),
    ).toEqual(lecture.sections.flatMap((section) => section.points.map((point) => point.text)));
  });
});

describe('the offline course summary', () => {
  it("is each lecture's summary's first sentence under the lecture, with no overview", async () => {
    const result = await new OfflineEngine().reduceCourse({
      type: 'summary',
      courseTitle: 'Biology',
      lectures: [
        { number: 1, videoId: FIRST, title: 'Cells', text: 'Cells are the units of life. They divide.' },
        {
          number: 2,
          videoId: SECOND,
          title: 'Energy',
          text: 'Dr. Lane shows how mitochondria make ATP. Then the quiz.',
        },
      ],
    });
    expect(result).toEqual({
      type: 'summary',
      engine: 'offline',
      model: 'lectern-extractive-1',
      output: {
        overview: null,
        lectures: [
          { number: 1, videoId: FIRST, title: 'Cells', summary: 'Cells are the units of life.' },
          {
            number: 2,
            videoId: SECOND,
            title: 'Energy',
            summary: 'Dr. Lane shows how mitochondria make ATP.',
          },
        ],
      },
    });
  });

  it('reads the first sentence past headings, list marks and cited moments', () => {
    expect(
      firstSentence('## Overview\n\n- **Photosynthesis** feeds the plant [1:05, 2:10]. It needs light.'),
    ).toBe('Photosynthesis feeds the plant.');
    expect(firstSentence('No full stop here')).toBe('No full stop here');
    expect(firstSentence('')).toBe('');
  });

  it('keeps a lecture whose summary is empty, as an empty part', () => {
    expect(courseSummaryOf([{ number: 4, videoId: FIRST, title: 'Quiet', text: '' }]).lectures).toEqual([
      { number: 4, videoId: FIRST, title: 'Quiet', summary: '' },
    ]);
  });
});
