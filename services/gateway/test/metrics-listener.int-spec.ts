import { networkInterfaces } from 'node:os';
import { MetricsModule } from '../src/metrics/metrics.module';
import { startTestGateway, type TestGateway } from './support/test-gateway';

/** An address of this machine other than loopback, when it has one: what a neighbour on the network would use. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((net) => net && net.family === 'IPv4' && !net.internal)?.address;

async function scrapeStatus(host: string, port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://${host}:${port}/metrics`)).status;
  } catch {
    return 'refused';
  }
}

describe('the METRICS_PORT listener binds to METRICS_HOST', () => {
  let gateway: TestGateway | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });

  it('listens on loopback only by default', async () => {
    gateway = await startTestGateway({ METRICS_PORT: '0' });
    const bound = gateway.app.get(MetricsModule).metricsAddress()!;
    expect(bound.address).toBe('127.0.0.1');
    expect(await scrapeStatus('127.0.0.1', bound.port)).toBe(200);
    if (outsideAddress) expect(await scrapeStatus(outsideAddress, bound.port)).toBe('refused');
  });

  it('listens on every interface with METRICS_HOST=0.0.0.0, as on a private container network', async () => {
    gateway = await startTestGateway({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' });
    const bound = gateway.app.get(MetricsModule).metricsAddress()!;
    expect(bound.address).toBe('0.0.0.0');
    if (outsideAddress) expect(await scrapeStatus(outsideAddress, bound.port)).toBe(200);
  });
});
