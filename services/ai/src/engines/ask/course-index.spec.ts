import { CourseIndex } from './course-index';

describe('CourseIndex', () => {
  const course = new CourseIndex([
    {
      number: 1,
      videoId: 'first',
      language: 'en',
      segments: [
        { start: 0.1, text: 'Plates move slowly.' },
        { start: 95.3, text: 'Mountains rise.' },
      ],
    },
    {
      number: 3,
      videoId: 'third',
      language: 'en',
      segments: [
        { start: 0.1, text: 'Hash tables store keys.' },
        { start: 12.7, text: 'Load factor.' },
      ],
    },
  ]);

  it('lays the lectures end to end, each moment read back as its own lecture and moment', () => {
    const starts = course.index.segments.map((segment) => segment.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(course.labelOf(1)).toBe('Lecture 1, 1:35');
    expect(course.labelOf(3)).toBe('Lecture 3, 0:12');
    const cited = course.index.segments[3]!;
    expect(course.lectureCitation({ start: cited.start, text: cited.text })).toEqual({
      videoId: 'third',
      start: 12.7,
      text: 'Load factor.',
    });
  });
});
