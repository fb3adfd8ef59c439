import { runWorkerProcess } from '@lectern/queue-runtime';
import { mediaWorker } from './service';

void runWorkerProcess(mediaWorker);
