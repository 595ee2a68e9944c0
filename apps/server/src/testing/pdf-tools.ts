import { execFile } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Real tools read what we print: poppler-utils rasterizes PDF pages (pdftoppm) and extracts text
 * (pdftotext), zbar-tools decodes barcodes (zbarimg). A missing tool fails the test naming its Debian
 * package (`.ci/run` installs them).
 */
const TOOLS = [
  { command: 'pdftoppm', debian: 'poppler-utils' },
  { command: 'pdftotext', debian: 'poppler-utils' },
  { command: 'zbarimg', debian: 'zbar-tools' },
];

let toolCheck: Promise<void> | undefined;
/** Called first by every helper here, so each test that reads a label fails (never skips) when a tool is missing. */
export function requirePdfTools(): Promise<void> {
  toolCheck ??= findMissingTools();
  return toolCheck;
}

async function findMissingTools(): Promise<void> {
  const missing: string[] = [];
  for (const tool of TOOLS) {
    try {
      await run('sh', ['-c', `command -v ${tool.command}`]);
    } catch {
      missing.push(`${tool.command} (Debian package ${tool.debian})`);
    }
  }
  if (missing.length > 0) {
    throw new Error(`Missing tools for the waybill tests: ${missing.join(', ')}. Run: apt-get install -y poppler-utils zbar-tools`);
  }
}

/** Every barcode zbarimg finds in a PNG, as sorted "CODE-128:…" / "QR-Code:…" lines. */
export async function decodeBarcodes(png: string): Promise<string[]> {
  await requirePdfTools();
  const { stdout } = await run('zbarimg', ['--quiet', png]);
  return stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
}

/** The pages of a PDF as 200 dpi PNG files, in order. */
export async function rasterizePdf(pdf: Buffer, name: string): Promise<string[]> {
  await requirePdfTools();
  const dir = await mkdtemp(join(tmpdir(), 'hatid-pdf-'));
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  await run('pdftoppm', ['-r', '200', '-png', file, join(dir, name)]);
  return (await readdir(dir))
    .filter((f) => f.endsWith('.png'))
    .sort()
    .map((f) => join(dir, f));
}

/** The text of a PDF (pdftotext). */
export async function pdfText(pdf: Buffer, name: string): Promise<string> {
  await requirePdfTools();
  const dir = await mkdtemp(join(tmpdir(), 'hatid-pdf-'));
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}
