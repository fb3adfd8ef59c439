import { runWorkerProcess } from '@lectern/queue-runtime';
import { transcriptsWorker } from './service';

void runWorkerProcess(transcriptsWorker);
