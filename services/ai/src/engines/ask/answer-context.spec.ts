import { estimateTokens } from '../transcript-lines';
import { answerContext } from './answer-context';
import { TranscriptIndex } from '@lectern/offline-engine';

describe('answerContext', () => {
  it('cuts a best window larger than the whole budget down to fit, rather than sending nothing', () => {
    const filler = Array.from({ length: 400 }, (_, at) => `word${at}`).join(' ');
    const index = new TranscriptIndex([
      { start: 0, text: `Tombstones mark deleted slots in open addressing. ${filler}` },
      { start: 300, text: `Then a second long cue about something else. ${filler}` },
    ]);
    const context = answerContext(index, 'What are tombstones?', 500);
    expect(context?.windows).toEqual([{ firstSegment: 0, lastSegment: 0 }]);
    expect(context?.text).toMatch(/^\[0:00\] Tombstones mark deleted slots/);
    expect(estimateTokens(context?.text ?? '')).toBeLessThanOrEqual(500);
  });
});
