import { JOB_DURATION_BUCKETS, type JobRunTotals } from '@lectern/queue-runtime';
import type { Metric } from 'prom-client';

interface HistogramValue {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The job duration histogram, whose counts the workers keep in Redis (see job-metrics.ts). prom-client only
 * offers histograms it observes itself, so this implements the part of its metric interface a registry
 * reads (name, help, type, get) and answers from the totals the gateway read from Redis for this scrape.
 */
export class RecordedJobHistogram {
  readonly name = 'lectern_job_duration_seconds';
  readonly help =
    'Time one job attempt ran in a worker, by queue, job and outcome (completed, retried, failed); recorded by the workers, so the same on every gateway.';
  // The registry writes this into the # TYPE line (prom-client's typings declare a numeric enum it never uses).
  readonly type = 'histogram' as const;
  readonly aggregator = 'max' as const;

  constructor(private readonly totals: () => JobRunTotals[]) {}

  get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    aggregator: 'max';
    values: HistogramValue[];
  }> {
    const values: HistogramValue[] = [];
    for (const series of this.totals()) {
      const labels = { queue: series.queue, job: series.job, outcome: series.outcome };
      let cumulative = 0;
      series.buckets.forEach((runs, index) => {
        cumulative += runs;
        const bound = JOB_DURATION_BUCKETS[index];
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { ...labels, le: bound === undefined ? '+Inf' : bound },
          value: cumulative,
        });
      });
      values.push({ metricName: `${this.name}_sum`, labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: series.count });
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    // The totals belong to Redis; nothing to reset here.
  }

  /** For Registry.registerMetric, whose type lists prom-client's own classes only. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}
