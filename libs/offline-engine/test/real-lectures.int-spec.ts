import { judgeRealLectures, meetsRealTargets, realLectureReport } from '../bench/real-lecture-bench';
import { REAL_LECTURES } from '../bench/lectures/real/real-lectures';

// The offline engine on real lectures (bench/lectures/real): every development lecture meets the targets; the
// held-out one is judged and reported apart, never tuned on.
describe('study aids and answers on real lectures', () => {
  jest.setTimeout(120_000);

  it('meet the targets on every development lecture, and report the held-out one apart', async () => {
    const judged = await judgeRealLectures(REAL_LECTURES);
    const development = judged.filter((lecture) => !lecture.heldOut);
    expect(development.length).toBeGreaterThanOrEqual(2);
    for (const lecture of development) {
      expect({ lecture: lecture.lecture, met: meetsRealTargets(lecture) }).toEqual({
        lecture: lecture.lecture,
        met: true,
      });
    }
    const report = realLectureReport(judged);
    expect(report.meetsTargets.development).toBe(true);
    expect(report.heldOut.map((row) => row.lecture)).toEqual(['cs50-week3-sorting']);
  });
});
