import { makeDataTemplate } from './server';

/**
 * Before the journeys: one real first start of the build makes the data directory each journey
 * file's server starts from a copy of (server.ts). Answers its removal, which Playwright runs after.
 */
export default async function globalSetup(): Promise<() => void> {
  return makeDataTemplate();
}
