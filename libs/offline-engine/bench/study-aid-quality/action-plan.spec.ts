import { judgeActionPlan, parseSteps, startsWithImperative } from './action-plan';

describe('startsWithImperative', () => {
  it.each([
    'Review photosynthesis and explain it in your own words (0:08).',
    'Draw the three boundaries from memory.',
    'Explain why Iceland has volcanoes.',
    'Write five questions after every lecture.',
    "Don't cram the night before the exam.",
    'Schedule your reviews across the week.',
    'Test yourself before you feel ready.',
    'Practise explaining seafloor spreading out loud.',
    'Sketch the major plates on a blank map.',
    'Attempt recall even when you expect to fail.',
  ])('counts an instruction: %s', (step) => {
    expect(startsWithImperative(step)).toBe(true);
  });

  it.each([
    'Inside the chloroplast there are stacks of flattened discs called thylakoids.',
    'Stage one turns light into two kinds of short-term energy: ATP and NADPH.',
    'Eventually the curve levels off.',
    'Plates move a few centimetres a year.',
    'Students write that plates float on molten rock.',
    'The Calvin cycle happens in the stroma.',
    'Feeling fluent is not the same as knowing.',
  ])('does not count a statement: %s', (step) => {
    expect(startsWithImperative(step)).toBe(false);
  });
});

describe('judgeActionPlan', () => {
  it('reads the numbered steps without their emphasis and counts those that are actions', () => {
    const plan = [
      'Your plan:',
      '',
      '1. **Review** the three boundaries (1:05).',
      '2. Stage one turns light into energy.',
      '3) [5:59] Explain slab pull to a friend.',
    ].join('\n');
    expect(parseSteps(plan)).toEqual([
      'Review the three boundaries.',
      'Stage one turns light into energy.',
      'Explain slab pull to a friend.',
    ]);
    expect(judgeActionPlan(plan)).toEqual({
      steps: 3,
      actions: 2,
      notActions: ['Stage one turns light into energy.'],
    });
  });
});
