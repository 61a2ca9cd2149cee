// What the system operations' declarations share: the rules they state and the group they are listed in.
import type { Tag } from '#lib/http/operation.ts';

/** The operations' group in the document. */
export const serviceTag: Tag = { name: 'Service', description: 'About the service itself.' };
