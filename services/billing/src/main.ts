import { runWorkerProcess } from '@lectern/queue-runtime';
import { billingWorker } from './service';

void runWorkerProcess(billingWorker);
