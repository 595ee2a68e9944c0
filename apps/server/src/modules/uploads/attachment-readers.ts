import type { Db } from '../../db/client.js';
import type { Actor } from '../../core/actor.js';

/**
 * Who may read a file someone else uploaded, beyond its uploader and file staff: a module that attaches files
 * to its own records (shipments' proofs and documents, billings' attachments) adds a reader that answers for
 * them. Uploads thus serves every attachment without depending on the modules that attach files; each adds
 * its reader when its routes are registered (modules/<name>/index.ts).
 */
export type AttachmentReader = (db: Db, actor: Actor, uploadId: string) => Promise<boolean>;

const readers = new Set<AttachmentReader>();

export function addAttachmentReader(reader: AttachmentReader): void {
  readers.add(reader);
}

/** Whether any module that attaches files lets the actor read this one. */
export async function mayReadAsAttachment(db: Db, actor: Actor, uploadId: string): Promise<boolean> {
  for (const reader of readers) if (await reader(db, actor, uploadId)) return true;
  return false;
}
