import {
  CONFIG_ERROR_EXIT_CODE,
  ConfigError,
  createLogger,
  requiredServersOf,
  stopWhenLauncherGone,
  waitForServers,
} from '@lectern/queue-runtime';
import { startGatewayServer } from './gateway-server';
import { resolveGatewayEnv } from './config/load-gateway-env';

async function main(): Promise<void> {
  // Until the gateway listens there is nothing to finish: a launcher gone meanwhile just ends the process.
  let stop = (_signal: NodeJS.Signals): void => process.exit(0);
  stopWhenLauncherGone((signal) => stop(signal));
  let env;
  try {
    env = resolveGatewayEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    throw error;
  }
  const logger = createLogger('gateway', env.LOG_LEVEL);
  await waitForServers(requiredServersOf(env), logger);
  const gateway = await startGatewayServer(env, logger);

  // Our own handler rather than Nest's shutdown hooks: a second Ctrl-C must not cut in-flight requests short.
  let stopping = false;
  stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping: finishing in-flight requests');
    setTimeout(() => process.exit(1), 25_000).unref();
    gateway.stop().then(
      () => {
        logger.info('gateway stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'gateway did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Lectern's gateway could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
