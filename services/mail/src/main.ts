import { runWorkerProcess } from '@lectern/queue-runtime';
import { mailWorker } from './service';

void runWorkerProcess(mailWorker);
