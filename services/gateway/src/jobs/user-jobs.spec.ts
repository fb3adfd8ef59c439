import { ForbiddenException } from '@nestjs/common';
import { askedAndAnswered, foreignResult } from './user-jobs';

describe('askedAndAnswered', () => {
  const asked = { transcriptId: 't1', feature: 'summary', summaryLength: null };

  it('answers null when every field asked for is answered as asked, whatever else the result holds', () => {
    const result = { ...asked, outputText: 'text', engine: 'offline' };
    expect(askedAndAnswered(asked, result)).toBeNull();
  });

  it('answers the fields asked for beside those answered when one differs', () => {
    const result = { transcriptId: 't2', feature: 'summary', summaryLength: null, outputText: 'text' };
    expect(askedAndAnswered(asked, result)).toEqual({
      asked,
      answered: { transcriptId: 't2', feature: 'summary', summaryLength: null },
    });
  });

  it('tells a missing field from one answered as null', () => {
    expect(askedAndAnswered({ summaryLength: null }, { summaryLength: undefined })).not.toBeNull();
  });
});

describe('foreignResult', () => {
  it('is a 403 that names what was received and uses nothing of it', () => {
    const error = foreignResult('export', {});
    expect(error).toBeInstanceOf(ForbiddenException);
    expect(error.message).toBe(
      'The export Lectern received was not made for your request, so it was not used. Please try again.',
    );
  });
});
