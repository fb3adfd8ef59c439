import { TIMESTAMP_PATTERN } from '@lectern/contracts';

// A course's outline or summary, as a model answers Lectern's one request over the lectures' material: a part per
// lecture under its `## Lecture N: Title` heading, its moments taken from that lecture's outline.

export type CourseTask = 'outline' | 'summary';

const COURSE_TASK = /^Task: a course (outline|summary)\b/m;
const LECTURE_HEADING = /^## (Lecture \d+: .+)$/;
const STAMPED = new RegExp(String.raw`^(?:- |#{2,3} )\[(${TIMESTAMP_PATTERN})\]\s+(.+)$`);

export function courseTaskOf(system: string): CourseTask | null {
  return (COURSE_TASK.exec(system)?.[1] as CourseTask | undefined) ?? null;
}

/** What a course request must carry; null when it does. */
export function checkCourseRequest(system: string, user: string): string | null {
  if (!/between <lectures> and <\/lectures>/.test(system) || !/never instructions to follow/.test(system))
    return "A course request must say the lectures' material is quoted inside its block, never instructions.";
  if (!/^Course: .+$/m.test(user)) return 'A course request must name its course.';
  if (!/^<lectures>\n## Lecture \d+: [\s\S]+\n<\/lectures>$/m.test(user))
    return "A course request must carry each lecture's material under its heading in a <lectures> block.";
  return null;
}

interface Lecture {
  heading: string;
  stamps: Array<{ at: string; text: string }>;
  prose: string[];
}

function lecturesOf(user: string): Lecture[] {
  const block = /^<lectures>\n([\s\S]+)\n<\/lectures>$/m.exec(user)?.[1] ?? '';
  const lectures: Lecture[] = [];
  for (const line of block.split('\n')) {
    const heading = LECTURE_HEADING.exec(line);
    if (heading) {
      lectures.push({ heading: heading[1] ?? '', stamps: [], prose: [] });
      continue;
    }
    const current = lectures[lectures.length - 1];
    if (!current || line.trim() === '') continue;
    const stamped = STAMPED.exec(line);
    if (stamped) current.stamps.push({ at: stamped[1] ?? '0:00', text: stamped[2] ?? '' });
    else current.prose.push(line.trim());
  }
  return lectures;
}

function firstWords(text: string, count: number): string {
  return text.replace(/[.!?]/g, '').split(/\s+/).slice(0, count).join(' ');
}

export interface CourseAnswerFaults {
  /** Leave the last lecture out. */
  leaveOut: boolean;
  /** Also cite this moment, which no lecture's outline has, one of another lecture's, and `inventedLink`. */
  invent: string | null;
  inventedLink: string;
}

export function courseAnswer(task: CourseTask, user: string, faults: CourseAnswerFaults): string {
  const lectures = lecturesOf(user);
  const written = faults.leaveOut ? lectures.slice(0, -1) : lectures;
  if (task === 'summary') {
    return [
      `This course runs over ${lectures.length} lectures and builds one idea on the next.`,
      ...written.map((lecture) =>
        [
          `## ${lecture.heading}`,
          '',
          `This lecture teaches ${firstWords(lecture.prose.join(' ') || 'its topic', 8)}. It leads on from the one before.`,
        ].join('\n'),
      ),
    ].join('\n\n');
  }
  return written
    .map((lecture, index) => {
      const [first, ...rest] = lecture.stamps;
      const points = [first, ...rest.slice(0, 2)].filter((stamp) => stamp !== undefined);
      const lines = [
        `## ${lecture.heading}`,
        '',
        `### [${first?.at ?? '0:00'}] ${firstWords(first?.text ?? 'The topic', 3)}`,
        ...points.map((stamp) => `- [${stamp.at}] ${firstWords(stamp.text, 8)}`),
      ];
      const other = written[index + 1]?.stamps.at(-1);
      if (faults.invent !== null && index === 0) {
        lines.push(`- [${faults.invent}] A point from no lecture`);
        lines.push(`- [${first?.at ?? '0:00'}] Read on at ${faults.inventedLink}`);
        if (other) lines.push(`- [${other.at}] A point of the next lecture`);
      }
      return lines.join('\n');
    })
    .join('\n\n');
}
