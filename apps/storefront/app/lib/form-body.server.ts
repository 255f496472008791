import { data } from 'react-router';

/** The most a form post may carry (the server refuses larger declared bodies before the app runs). */
export const MAX_FORM_BYTES = 64 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** A refusal page with its status; the error screen explains `reason` in the visitor's language. */
export function refusal(status: number, reason: string, headers?: HeadersInit): never {
  throw data({ reason }, { status, headers });
}

/** The body, read up to `maxBytes`: a body without a declared length cannot grow past it either. */
export async function boundedBody(request: Request, maxBytes = MAX_FORM_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(new ArrayBuffer(0));
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      refusal(413, 'payload_too_large');
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The posted form of an action, up to `maxBytes` (a form with files may be larger than a form's 64 KB, and
 * server.js lets it through: see postBodyAllowance). Whatever else arrives (JSON, plain text, a broken multipart
 * body, too many bytes) is the sender's mistake: a 415, 400 or 413 page, never a server error.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const contentType = request.headers.get('Content-Type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) refusal(415, 'unsupported_media_type');
  const body = await boundedBody(request, maxBytes);
  try {
    return await new Response(body, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return refusal(400, 'bad_request');
  }
}
