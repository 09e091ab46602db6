/**
 * Consultation attachments are recognised by their bytes, never by name or declared type
 * (ASVS 5.0 5.2.2; spec §5: JPEG, PNG, WEBP or PDF, at most 5 MB).
 *
 * Polyglots: a file that starts like an image but carries markup a browser would run (an HTML or SVG
 * tail, a `<script` anywhere in the first bytes) is refused too. Stored files are further served only
 * as downloads with nosniff and a sandbox CSP, so a polyglot that slipped through could not run.
 */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

export const ATTACHMENT_TYPES = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
  pdf: { mime: 'application/pdf', extension: 'pdf' },
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_TYPES;

/** How many leading bytes `sniffAttachment` needs to decide. */
export const SNIFF_BYTES = 1024;

export type SniffResult =
  | { readonly ok: true; readonly kind: AttachmentKind }
  | { readonly ok: false; readonly reason: 'empty' | 'unknown_type' | 'active_content' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Markup a browser would execute if it ever rendered the file as HTML or SVG. */
const ACTIVE_MARKERS = ['<script', '<html', '<svg', '<!doctype', '<iframe', '<body', 'javascript:', '<?xml'];

function hasActiveMarkup(head: Uint8Array): boolean {
  // latin1 keeps one character per byte, so binary data cannot hide a marker behind a decoding error.
  const text = new TextDecoder('latin1').decode(head).toLowerCase();
  return ACTIVE_MARKERS.some((marker) => text.includes(marker));
}

/** Decides from the first bytes (at least SNIFF_BYTES, or the whole file when shorter). */
export function sniffAttachment(head: Uint8Array): SniffResult {
  if (head.length === 0) return { ok: false, reason: 'empty' };
  let kind: AttachmentKind | null = null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) kind = 'jpeg';
  else if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) kind = 'png';
  else if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) kind = 'webp';
  else if (startsWith(head, ascii('%PDF-'))) kind = 'pdf';
  if (kind === null) return { ok: false, reason: 'unknown_type' };
  // PDFs legitimately contain no HTML markers in their header; images never do.
  if (hasActiveMarkup(head)) return { ok: false, reason: 'active_content' };
  return { ok: true, kind };
}

/** A whole stored file is checked again at its end: an image with an HTML tail is a polyglot. */
export function hasActiveTail(tail: Uint8Array): boolean {
  return hasActiveMarkup(tail);
}
