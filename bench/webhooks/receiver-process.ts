// The webhook receiver of the bench/webhooks benchmarks, started and asked from their own process.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ReceiverReport } from './receiver';

/**
 * The receiver (receiver.ts) in its own process at nice `nice`, as another system would be, so that
 * the benchmark's client does not also serve it; asked over IPC what it has had.
 */
export class Receiver {
  private child: ChildProcess;

  constructor(nice: number) {
    // Started through nice(1), so that all the receiver's threads run at its nice value.
    this.child = fork(join(import.meta.dirname, 'receiver.ts'), {
      execPath: 'nice',
      execArgv: ['-n', String(nice), process.execPath, '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }

  private ask<T>(question: 'count' | 'report' | null): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (answer) => resolve(answer as T));
      if (question) this.child.send(question);
    });
  }

  async start(): Promise<string> {
    return (await this.ask<{ url: string }>(null)).url;
  }

  async received(): Promise<number> {
    return (await this.ask<{ received: number }>('count')).received;
  }

  report(): Promise<ReceiverReport> {
    return this.ask<ReceiverReport>('report');
  }

  get pid(): number {
    return this.child.pid!;
  }

  stop(): void {
    this.child.disconnect();
  }
}
