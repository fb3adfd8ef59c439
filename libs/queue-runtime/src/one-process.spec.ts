import { createLogger } from './logger';
import { startInStages, type ProcessPart } from './one-process';

const logger = createLogger('one-process-spec', 'silent');

/** A part that records its start and stop in `events`; `failStart` makes its start reject. */
function part(name: string, events: string[], failStart = false): ProcessPart {
  return {
    name,
    async start() {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failStart) throw new Error(`${name} could not start`);
      events.push(`started ${name}`);
      return {
        async stop() {
          events.push(`stop ${name}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          events.push(`stopped ${name}`);
        },
      };
    },
  };
}

describe('startInStages', () => {
  it('starts a stage only once the one before has started, and stops them in the same order', async () => {
    const events: string[] = [];
    const started = await startInStages(
      [[part('gateway', events)], [part('ai', events), part('mail', events)]],
      logger,
    );
    expect(events.indexOf('started gateway')).toBeLessThan(events.indexOf('start ai'));
    expect(events.indexOf('started gateway')).toBeLessThan(events.indexOf('start mail'));

    events.length = 0;
    await started.stop();
    expect(events.indexOf('stopped gateway')).toBeLessThan(events.indexOf('stop ai'));
    expect(events.indexOf('stopped gateway')).toBeLessThan(events.indexOf('stop mail'));
    expect(events.filter((event) => event.startsWith('stopped')).sort()).toEqual([
      'stopped ai',
      'stopped gateway',
      'stopped mail',
    ]);
  });

  it('stops what had started when a part cannot start, and starts nothing after it', async () => {
    const events: string[] = [];
    await expect(
      startInStages(
        [
          [part('gateway', events)],
          [part('ai', events), part('export', events, true)],
          [part('late', events)],
        ],
        logger,
      ),
    ).rejects.toThrow('export could not start');
    expect(events).toContain('stopped gateway');
    expect(events).toContain('stopped ai');
    expect(events).not.toContain('start late');
  });

  it('stops the other parts when one fails to stop', async () => {
    const events: string[] = [];
    const broken: ProcessPart = {
      name: 'broken',
      start: () => Promise.resolve({ stop: () => Promise.reject(new Error('stuck')) }),
    };
    const started = await startInStages([[broken], [part('mail', events)]], logger);
    await started.stop();
    expect(events).toContain('stopped mail');
  });
});
