// The AppError an operation fails with; fails the test when it succeeds or throws anything else.
import { AppError } from '#lib/errors.ts';

export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the operation to fail');
}
