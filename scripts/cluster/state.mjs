// Where `npm run cluster` says what runs (.cluster/state.json) and listens for commands (.cluster/control.sock).
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.resolve(import.meta.dirname, '../../.cluster');
export const STATE_FILE = path.join(DIR, 'state.json');
export const CONTROL_SOCKET = path.join(DIR, 'control.sock');

/** The running cluster's state, or null when none has been started from this checkout. */
export function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}
