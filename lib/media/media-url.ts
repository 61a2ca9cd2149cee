// Public URLs of stored media. A module of its own: code that only links media (the placeholder image of every plaque
// shown) does not import the storage port, whose S3 adapter every bundle importing it carries as a chunk.
/** The public URL of a stored key: `${mediaBaseUrl}/${key}`. */
export const mediaUrl = (mediaBaseUrl: string, key: string): string => `${mediaBaseUrl.replace(/\/+$/, '')}/${key}`;
