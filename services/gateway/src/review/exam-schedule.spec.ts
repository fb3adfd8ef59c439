import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { clampDue, examDaysLeft, examDeadline, examScheduling } from './exam-schedule';
import { newCardSchedule, rate } from './review-scheduler';

// The exam-date rule with fixed dates: the clock is an argument, never the wall clock.

const EXAM = '2026-06-15';
const DEADLINE = new Date('2026-06-15T00:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('the exam-date scheduling rule', () => {
  it('counts whole UTC days to the exam day, today included', () => {
    expect(examDeadline(EXAM)).toEqual(DEADLINE);
    expect(examDaysLeft(EXAM, at('2026-06-14T23:59:00Z'))).toBe(1);
    expect(examDaysLeft(EXAM, at('2026-06-14T00:00:00Z'))).toBe(1);
    expect(examDaysLeft(EXAM, at('2026-06-13T08:00:00Z'))).toBe(2);
    expect(examDaysLeft(EXAM, at('2026-06-15T10:00:00Z'))).toBe(0);
    expect(examDaysLeft(EXAM, at('2026-06-16T10:00:00Z'))).toBe(-1);
  });

  it('asks a desired retention rising from 0.90 thirty days before to 0.97 on the eve', () => {
    const retention = (iso: string) => examScheduling(EXAM, at(iso))?.retention;
    expect(retention('2026-03-01T12:00:00Z')).toBe(0.9);
    expect(retention('2026-05-16T12:00:00Z')).toBe(0.9); // 30 days left
    expect(retention('2026-05-31T12:00:00Z')).toBe(0.94); // 15 days left
    expect(retention('2026-06-08T12:00:00Z')).toBe(0.96); // 7 days left
    expect(retention('2026-06-14T12:00:00Z')).toBe(0.97); // the eve
    const days = Array.from({ length: 40 }, (_, i) => new Date(DEADLINE.getTime() - (40 - i) * 86_400_000));
    const rising = days.map((day) => examScheduling(EXAM, day)!.retention);
    for (let i = 1; i < rising.length; i += 1) expect(rising[i]).toBeGreaterThanOrEqual(rising[i - 1]!);
  });

  it('schedules normally with no exam and from the start of the exam day on', () => {
    expect(examScheduling(null, at('2026-06-01T00:00:00Z'))).toBeNull();
    expect(examScheduling(EXAM, DEADLINE)).toBeNull();
    expect(examScheduling(EXAM, at('2026-07-01T00:00:00Z'))).toBeNull();
  });

  it('clamps a next due past the deadline to the deadline, and keeps one before it', () => {
    const reviewed = at('2026-06-10T09:00:00Z');
    expect(clampDue({ due: at('2026-06-20T09:00:00Z'), scheduled_days: 10 }, reviewed, DEADLINE)).toEqual({
      due: DEADLINE,
      scheduled_days: 4,
    });
    const early = { due: at('2026-06-12T09:00:00Z'), scheduled_days: 2 };
    expect(clampDue(early, reviewed, DEADLINE)).toBe(early);
  });
});

describe('rating before an exam', () => {
  /** A card learnt well over weeks: its next interval by plain FSRS is long. */
  function matureCard(start: Date, goods = 5) {
    let schedule = newCardSchedule(start);
    let now = start;
    for (let i = 0; i < goods; i += 1) {
      schedule = rate(schedule, 'good', now).schedule;
      now = schedule.due;
    }
    return { schedule, now };
  }

  it('never lets the next due pass the start of the exam day, whatever the interval', () => {
    const { schedule, now } = matureCard(at('2026-01-05T09:00:00Z'));
    const plain = rate(schedule, 'easy', now);
    const exam = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect(plain.schedule.due.getTime()).toBeGreaterThan(examDeadline(exam).getTime());
    const before = rate(schedule, 'easy', now, exam);
    expect(before.schedule.due).toEqual(examDeadline(exam));
    expect(before.schedule.scheduled_days).toBeLessThanOrEqual(3);
  });

  it('asks FSRS for the higher retention, so a short interval is shorter still, and is plain after the exam', () => {
    // In review with a good interval of about nine days.
    const { schedule, now } = matureCard(at('2026-01-05T09:00:00Z'), 2);
    // An exam far enough away that the interval is not clamped, near enough to ask a higher retention (0.94).
    const exam = new Date(now.getTime() + 12 * 86_400_000).toISOString().slice(0, 10);
    expect(examScheduling(exam, now)!.retention).toBe(0.94);
    const plain = rate(schedule, 'good', now);
    const before = rate(schedule, 'good', now, exam);
    expect(plain.schedule.due.getTime()).toBeLessThan(examDeadline(exam).getTime());
    expect(before.schedule.stability).toBeCloseTo(plain.schedule.stability);
    expect(before.schedule.scheduled_days).toBeLessThan(plain.schedule.scheduled_days);
    const retention = examScheduling(exam, now)!.retention;
    const expected = fsrs({ ...generatorParameters({ enable_fuzz: true }), request_retention: retention });
    // The same two ratings by ts-fsrs itself, then the third with the exam's retention.
    const plainFsrs = fsrs(generatorParameters({ enable_fuzz: true }));
    let card = createEmptyCard(at('2026-01-05T09:00:00Z'));
    for (let i = 0; i < 2; i += 1) card = plainFsrs.next(card, card.due, Rating.Good).card;
    expect(card.due).toEqual(now);
    expect(before.schedule.due).toEqual(expected.next(card, now, Rating.Good).card.due);
    // After the exam day has begun, exactly as without an exam.
    const after = new Date(examDeadline(exam).getTime() + 3_600_000);
    expect(rate(schedule, 'good', after, exam).schedule).toEqual(rate(schedule, 'good', after).schedule);
  });
});
