import { NEW_CARDS_PER_DAY, type ExamPace } from '@lectern/contracts';
import { examDaysLeft, examDeadline } from './exam-schedule';

type PaceCounts = Omit<ExamPace, 'videoId'>;

/**
 * The pace before an exam (docs/api.md, "Exam dates") for a deck whose cards due before a date `countDueBefore`
 * counts: a video's, or every lecture's of a course. With no exam, or once the exam day has begun, all is 0.
 */
export async function examPace(
  examDate: string | null,
  now: Date,
  countDueBefore: (before: Date) => Promise<{ cards: number; newCards: number }>,
): Promise<PaceCounts> {
  const none = { examDate, daysLeft: 0, cardsLeft: 0, newCardsLeft: 0, cardsPerDay: 0, paceEnough: true };
  if (examDate === null || now >= examDeadline(examDate)) return none;
  const daysLeft = examDaysLeft(examDate, now);
  const left = await countDueBefore(examDeadline(examDate));
  return {
    ...none,
    daysLeft,
    cardsLeft: left.cards,
    newCardsLeft: left.newCards,
    cardsPerDay: Math.ceil(left.cards / daysLeft),
    paceEnough: Math.ceil(left.newCards / NEW_CARDS_PER_DAY) <= daysLeft,
  };
}
