// The stage's placeholder image, shown for every plaque without an image of its own. The file lives in
// lib/media/static/ (its path there is its key), uploaded to the media bucket by the stack (infra/media.ts) and
// copied into DATA_DIR/media by the local server, so it is served wherever MEDIA_BASE_URL points.
import { mediaUrl } from '#lib/media/media-url.ts';

export const PLACEHOLDER_IMAGE_KEY = 'plaques/placeholder.png';

/** The placeholder's public URL under a stage's media base URL. */
export const placeholderImageUrl = (mediaBaseUrl: string): string => mediaUrl(mediaBaseUrl, PLACEHOLDER_IMAGE_KEY);
