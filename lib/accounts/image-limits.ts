// Limits of profile images, apart from the code that inspects them: the OpenAPI document states them without
// bundling the image parser.

export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;
