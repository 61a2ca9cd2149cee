// How long answers about single plaques and wallets may be cached: named once for the handlers and the document.

/**
 * The public reads (a plaque by id or name, a wallet's plaques): any cache may keep them 10 s, so a page refreshed in a
 * loop or a CDN in front is served without a read, and a sale or mint shows within about 10 s.
 */
export const PUBLIC_PLAQUE_CACHE = 'public, max-age=10';

/** The signed-in user's own plaques answer one bearer token: no shared cache may keep them, nor the browser. */
export const OWN_PLAQUES_CACHE = 'private, no-store';
