// How stored media are served, the same way locally (the local server's /_media route) and in AWS (the media
// distribution's response headers policy, infra/media.ts): as images and nothing else. The type is the one detected
// at upload (the key's extension), browsers may not sniff another, and a file opened on its own runs nothing.

/** No scripts, styles, frames or forms; images from the media origin only; a sandbox for a file opened as a page. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; sandbox";

/** Headers on every media answer. */
export const MEDIA_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': MEDIA_CONTENT_SECURITY_POLICY,
} as const;

/** A media key's extension (the detected format's, lib/accounts/profile-image.ts) → the type it is served as. */
const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** The content type of a media file by its extension; anything else is served as bytes, never as a page. */
export const mediaContentType = (extension: string): string => MEDIA_TYPES[extension.toLowerCase()] ?? 'application/octet-stream';
