import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Language, MONTHS } from '@solar/shared';
import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';

/**
 * Offer documents: fills a Word (.docx) template with docxtemplater and converts it to PDF with
 * LibreOffice (`soffice --headless --convert-to pdf`), each conversion with its own profile folder,
 * a timeout, and (where the kernel allows an unprivileged network namespace) no network.
 * A Gotenberg service (GOTENBERG_URL) as an alternative converter is not implemented.
 */

export class TemplateRenderError extends Error {
  constructor(readonly detail: string) {
    super(`template could not be filled: ${detail}`);
    this.name = 'TemplateRenderError';
  }
}

export class PdfConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfConversionError';
  }
}

interface ParserContext {
  scopeList: unknown[];
}

/**
 * `{customer.name}` resolves the dotted path in the current scope (docxtemplater then tries the outer
 * loop scopes); only own properties are read, so `{constructor.name}` and the like print nothing.
 */
function dottedParser(tag: string) {
  const path = tag.trim();
  const parts = path.split('.').filter(Boolean);
  return {
    get(scope: unknown, _context: ParserContext): unknown {
      if (path === '.' || path === 'this') return scope;
      let value: unknown = scope;
      for (const key of parts) {
        if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
        value = (value as Record<string, unknown>)[key];
      }
      return value;
    },
  };
}

/** Fills a .docx template; unknown placeholders print nothing. Throws TemplateRenderError on a broken template. */
export function fillDocx(template: Buffer, data: Record<string, unknown>): Buffer {
  try {
    const zip = new PizZip(template);
    const doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      parser: dottedParser,
      nullGetter: () => '',
    });
    doc.render(data);
    return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
  } catch (err) {
    throw new TemplateRenderError(describeTemplateError(err));
  }
}

function describeTemplateError(err: unknown): string {
  const e = err as {
    message?: string;
    properties?: { errors?: { properties?: { explanation?: string } }[] };
  };
  const explanations = (e.properties?.errors ?? [])
    .map((x) => x.properties?.explanation)
    .filter((x): x is string => Boolean(x));
  return (
    explanations.length > 0 ? explanations.slice(0, 3).join('; ') : (e.message ?? 'unknown error')
  ).slice(0, 300);
}

let networkIsolation: boolean | undefined;
/** Whether `unshare -rn` (a user + network namespace) works here; checked once. */
function canIsolateNetwork(): boolean {
  if (networkIsolation === undefined) {
    try {
      networkIsolation = spawnSync('unshare', ['-rn', 'true'], { timeout: 5000 }).status === 0;
    } catch {
      networkIsolation = false;
    }
  }
  return networkIsolation;
}

/** At most two LibreOffice processes at a time per API process (each takes a few hundred MB). */
const MAX_CONVERSIONS = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withConversionSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONVERSIONS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export interface ConvertOptions {
  /** The LibreOffice binary (default `soffice`). */
  soffice?: string;
  timeoutMs?: number;
}

/** Converts a .docx to PDF with LibreOffice in a fresh temporary folder and profile. */
export function docxToPdf(docx: Buffer, opts: ConvertOptions = {}): Promise<Buffer> {
  return convertToPdf(docx, 'docx', 'pdf', opts);
}

/** Converts an HTML page (a confirmation, a receipt) to PDF with LibreOffice's Writer/Web. */
export function htmlToPdf(html: string, opts: ConvertOptions = {}): Promise<Buffer> {
  return convertToPdf(Buffer.from(html, 'utf8'), 'html', 'pdf:writer_web_pdf_Export', opts);
}

function convertToPdf(
  input: Buffer,
  ext: 'docx' | 'html',
  filter: string,
  opts: ConvertOptions,
): Promise<Buffer> {
  const docx = input;
  return withConversionSlot(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'solar-pdf-'));
    try {
      const input = join(dir, `offer.${ext}`);
      const outDir = join(dir, 'out');
      await mkdir(outDir);
      await writeFile(input, docx);
      const args = [
        '--headless',
        '--norestore',
        '--nolockcheck',
        '--nodefault',
        '--convert-to',
        filter,
        '--outdir',
        outDir,
        input,
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
      ];
      const bin = opts.soffice ?? 'soffice';
      const [cmd, cmdArgs] = canIsolateNetwork() ? ['unshare', ['-rn', bin, ...args]] : [bin, args];
      await run(cmd, cmdArgs, dir, opts.timeoutMs ?? 60_000);
      try {
        return await readFile(join(outDir, 'offer.pdf'));
      } catch {
        throw new PdfConversionError('LibreOffice produced no PDF');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Runs a command in its own process group; on timeout the whole group is killed. */
function run(cmd: string, args: string[], home: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: home,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new PdfConversionError(`LibreOffice could not start: ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new PdfConversionError(`LibreOffice timed out after ${timeoutMs} ms`));
      else if (code !== 0)
        reject(new PdfConversionError(`LibreOffice exited with ${code}: ${stderr.trim().slice(0, 300)}`));
      else resolve();
    });
  });
}

/** Fills the Word template with the offer data and converts it to PDF. */
export async function renderOfferPdf(
  template: Buffer,
  data: Record<string, unknown>,
  opts: ConvertOptions = {},
): Promise<Buffer> {
  return docxToPdf(fillDocx(template, data), opts);
}

// ---------------------------------------------------------------------------------------------
// The default templates, generated in code (no binary files in the repository).

const xmlEscape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function para(text: string, opts: { bold?: boolean; size?: number; spaceAfter?: number } = {}): string {
  const rPr = `${opts.bold ? '<w:b/>' : ''}${opts.size ? `<w:sz w:val="${opts.size}"/>` : ''}`;
  const pPr = opts.spaceAfter !== undefined ? `<w:pPr><w:spacing w:after="${opts.spaceAfter}"/></w:pPr>` : '';
  return `<w:p>${pPr}<w:r>${rPr ? `<w:rPr>${rPr}</w:rPr>` : ''}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
}

function cell(text: string, width: number, bold = false): string {
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/></w:tcPr>${para(text, { bold, spaceAfter: 0 })}</w:tc>`;
}

const DEFAULT_TEXTS: Record<
  Language,
  {
    name: string;
    title: string;
    greeting: string;
    intro: string;
    rows: [string, string][];
    monthly: string;
    month: string;
    production: string;
    closing: string;
  }
> = {
  de: {
    name: 'Standard-Angebot',
    title: 'Angebot für Ihre Photovoltaikanlage',
    greeting: 'Sehr geehrte/r {customerName},',
    intro:
      'vielen Dank für Ihr Interesse. Für Ihr Projekt {shortId} in {fullAddress} bieten wir Ihnen folgende Anlage an:',
    rows: [
      ['Anzahl Module', '{offer.moduleQuantity}'],
      ['Anlagenleistung (kWp)', '{offer.productionCapacity}'],
      ['Jahresertrag (kWh)', '{yearlyProduction}'],
      ['Endpreis', '{offerPrice}'],
    ],
    monthly: 'Monatlicher Ertrag',
    month: 'Monat',
    production: 'Ertrag (kWh)',
    closing: 'Mit freundlichen Grüßen\n{senderName}\n{installerName} · {installerPhone} · {installerEmail}',
  },
  en: {
    name: 'Default offer',
    title: 'Offer for your solar power system',
    greeting: 'Dear {customerName},',
    intro:
      'thank you for your interest. For your project {shortId} at {fullAddress} we offer you the following system:',
    rows: [
      ['Number of modules', '{offer.moduleQuantity}'],
      ['System capacity (kWp)', '{offer.productionCapacity}'],
      ['Yearly production (kWh)', '{yearlyProduction}'],
      ['Final price', '{offerPrice}'],
    ],
    monthly: 'Monthly production',
    month: 'Month',
    production: 'Production (kWh)',
    closing: 'Kind regards\n{senderName}\n{installerName} · {installerPhone} · {installerEmail}',
  },
  es: {
    name: 'Oferta estándar',
    title: 'Oferta para su instalación fotovoltaica',
    greeting: 'Estimado/a {customerName}:',
    intro:
      'gracias por su interés. Para su proyecto {shortId} en {fullAddress} le ofrecemos la siguiente instalación:',
    rows: [
      ['Número de módulos', '{offer.moduleQuantity}'],
      ['Potencia de la instalación (kWp)', '{offer.productionCapacity}'],
      ['Producción anual (kWh)', '{yearlyProduction}'],
      ['Precio final', '{offerPrice}'],
    ],
    monthly: 'Producción mensual',
    month: 'Mes',
    production: 'Producción (kWh)',
    closing: 'Atentamente\n{senderName}\n{installerName} · {installerPhone} · {installerEmail}',
  },
};

export const defaultWordTemplateName = (lang: Language) => DEFAULT_TEXTS[lang].name;

const TABLE_BORDERS =
  '<w:tblBorders>' +
  ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((s) => `<w:${s} w:val="single" w:sz="4" w:space="0" w:color="999999"/>`)
    .join('') +
  '</w:tblBorders>';

function table(rows: string[]): string {
  return `<w:tbl><w:tblPr><w:tblW w:w="8000" w:type="dxa"/>${TABLE_BORDERS}</w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid>${rows.join('')}</w:tbl>`;
}
const row = (a: string, b: string, bold = false) =>
  `<w:tr>${cell(a, 4000, bold)}${cell(b, 4000, bold)}</w:tr>`;

/** A minimal Word document of the default offer template in `lang`, with the twelve-month loop. */
export function buildDefaultWordTemplate(lang: Language): Buffer {
  const t = DEFAULT_TEXTS[lang];
  const body = [
    para('{installerName}', { bold: true, size: 20 }),
    para('{date}', { size: 20, spaceAfter: 240 }),
    para(t.title, { bold: true, size: 32, spaceAfter: 240 }),
    para(t.greeting),
    para(t.intro, { spaceAfter: 240 }),
    table(t.rows.map(([a, b]) => row(a, b))),
    para('', {}),
    para(t.monthly, { bold: true, size: 26 }),
    // docxtemplater repeats the table row between {#months} and {/months} once per month.
    table([row(t.month, t.production, true), row('{#months}{month}', '{kwh}{/months}')]),
    para('', {}),
    ...t.closing.split('\n').map((line) => para(line)),
  ].join('');
  const documentXml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
    `<w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file('word/document.xml', documentXml);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** The month rows of the template data, in calendar order. */
export function monthRows(
  monthly: Record<string, number>,
  format: (n: number) => string,
): { month: string; kwh: string; value: number }[] {
  return MONTHS.map((m) => ({ month: m, kwh: format(monthly[m] ?? 0), value: monthly[m] ?? 0 }));
}
