// An adapter loaded on first use: a port's AWS adapter (SES, S3, KMS, SQS, the stream reader) lives in a module of its
// own, imported the first time the port is called, so a function that never calls it does not load the SDK client at
// cold start. Each call site writes its `import('#lib/…')` literally: esbuild then splits that module into a chunk.

/**
 * The adapter `load` makes, loaded on the first call and shared by every later one; a failed load is forgotten, so
 * the next call loads again (a module fetch or a client's construction that failed once is not failed for good).
 */
export function lazyAdapter<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= new Promise<T>((resolve) => resolve(load())).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
