import { runWorkerProcess } from '@lectern/queue-runtime';
import { exportWorker } from './service';

void runWorkerProcess(exportWorker);
