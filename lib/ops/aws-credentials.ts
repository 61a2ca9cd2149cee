// An ops command that works on AWS finds out first whether it has credentials: without any, the SDK tries every
// source (environment, profiles, SSO, the instance metadata service) and fails each call after seconds of retries with
// "Could not load credentials from any providers". One line saying what to set comes before any work instead.

/** A resolved AWS SDK client configuration: its credentials provider. */
interface WithCredentials {
  readonly config: { credentials: () => Promise<unknown> };
}

/** Throws, naming `work` and what to set, when the client finds no credentials. */
export async function assertAwsCredentials(client: WithCredentials, work: string, rehearsal?: string): Promise<void> {
  try {
    await client.config.credentials();
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0];
    throw new Error(
      `No AWS credentials to ${work} (${detail}): set AWS_PROFILE to a profile of ~/.aws/config (after \`aws sso login\` for SSO), ` +
        `or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY${rehearsal ? `; ${rehearsal}` : ''}`,
    );
  }
}
