import { vi } from 'vitest';

let consoleErrors: unknown[][] = [];
let expected = 0;

/** A test that provokes a logged failure declares how many console.error calls it expects. */
export function expectConsoleErrors(count: number): void {
  expected = count;
}

export function startConsoleGuard(): void {
  consoleErrors = [];
  expected = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
}

/** Unexpected console.error calls (React warnings, unhandled failures) fail the test. */
export function checkConsoleGuard(): void {
  if (consoleErrors.length <= expected) return;
  const shown = consoleErrors.map((args) => args.map(String).join(' ')).join('\n---\n');
  throw new Error(`Unexpected console.error (${consoleErrors.length}, expected ${expected}):\n${shown}`);
}
