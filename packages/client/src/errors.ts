// The error the client's named calls throw for an answer outside 2xx: the service's problem details, read as they are.

/** An RFC 9457 problem as the service answers it: `code` is stable, `detail` is for people. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  [member: string]: unknown;
}

export class PlaqueApiError extends Error {
  override readonly name = 'PlaqueApiError';
  /** The answer's HTTP status. */
  readonly status: number;
  /** The problem's stable code (`NOT_AVAILABLE`, `RESERVATION_INVALID`, …), or `HTTP_<status>` without one. */
  readonly code: string;
  readonly problem: Problem;
  /** The answer itself, for its headers (`Retry-After`, `RateLimit`, `Plaque-Version`). */
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const problem: Problem = typeof body === 'object' && body !== null ? (body as Problem) : { detail: String(body ?? '') };
    const code = typeof problem.code === 'string' ? problem.code : `HTTP_${response.status}`;
    super(`${response.status} ${code}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.status = response.status;
    this.code = code;
    this.problem = problem;
    this.response = response;
  }
}
