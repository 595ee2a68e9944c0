import { createTemplates } from './database-template.js';

/** vitest globalSetup of the server tests: the template databases every test database is copied from. */
export default async function setup(): Promise<() => Promise<void>> {
  return createTemplates();
}
