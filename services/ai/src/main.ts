import { runWorkerProcess } from '@lectern/queue-runtime';
import { aiWorker } from './service';

void runWorkerProcess(aiWorker);
