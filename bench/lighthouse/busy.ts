import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `count` processes that each keep one core busy (a loop with no I/O) until stopped: the "another
 * process keeps both cores busy" condition of the Lighthouse targets.
 */
export function startBusyProcesses(count: number): { stop(): void } {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i += 1)
    children.push(spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }));
  return {
    stop: () => {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}
